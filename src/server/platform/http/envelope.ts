// The response envelope of every API call: {code, message, data, success}; success is code 0.
import { errorCodes } from "../../../../generated/errors.ts";
import type { FieldError } from "../../../common/validate.ts";
import { UserFacingError } from "./user-facing-error.ts";

export type ErrorName = keyof typeof errorCodes;

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
  success: boolean;
  /** Only on the "403 marker" answer (spec §6: HTTP 401 whose body carries status 403). */
  status?: number;
}

export function ok<T>(data: T, message: string = errorCodes.SUCCESS.message): Envelope<T> {
  return { code: errorCodes.SUCCESS.code, message, data, success: true };
}

/** An error the handlers throw on purpose; the error handler turns it into its envelope and HTTP status. */
export class ApiError extends UserFacingError {
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    message: string,
    readonly data: unknown = null,
    readonly bodyStatus?: number,
  ) {
    super(message);
  }

  toEnvelope(): Envelope {
    const body: Envelope = { code: this.code, message: this.message, data: this.data, success: false };
    if (this.bodyStatus !== undefined) return { code: body.code, status: this.bodyStatus, message: body.message, data: body.data, success: false };
    return body;
  }
}

/** The error of generated/errors.ts by name, optionally with another message or data. */
export function apiError(name: ErrorName, overrides: { message?: string; data?: unknown } = {}): ApiError {
  const def = errorCodes[name];
  // The "403 marker": no permission answers HTTP 401 with status 403 in the body.
  const bodyStatus = name === "NO_PERMISSION" ? 403 : undefined;
  return new ApiError(def.status, def.code, overrides.message ?? def.message, overrides.data ?? null, bodyStatus);
}

/** HTTP 400, code 40001, the first field's message, all field errors in data.errors. */
export function validationError(errors: FieldError[]): ApiError {
  return apiError("VALIDATION_FAILED", { message: errors[0]?.message ?? errorCodes.VALIDATION_FAILED.message, data: { errors } });
}
