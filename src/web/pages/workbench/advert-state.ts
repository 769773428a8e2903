// The workbench advert carousel (spec §2 Workbench, §3 Advert, §4): a 190 px banner that shows unless
// closed or while the layout is being edited; it loops only with more than one advert, every 5 s by
// default or every rotationPeriod seconds.
import { constants } from "../../../../generated/constants.ts";

export interface Advert {
  advertId: number | string;
  title?: string;
  imgUrlLeft: string;
  imgUrlRight?: string | null;
  /** Shows the 进入问卷 button, which opens it. */
  hyperlink?: string | null;
}

/** GET /api/crain/help/web/promotionPositions/actions/getNamedByPositionCode (positionCode SQ202). */
export interface AdvertPosition {
  adverts: Advert[];
  /** Seconds; absent or not positive: the default delay. */
  rotationPeriod?: number | null;
}

export const bannerVisible = (s: { count: number; closed: boolean; editing: boolean }): boolean => s.count > 0 && !s.closed && !s.editing;

export const carouselLoops = (count: number): boolean => count > 1;

export function advertDelayMs(rotationPeriod: number | null | undefined): number {
  const seconds = Number(rotationPeriod);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : constants.advertDelayMs;
}

export const nextAdvert = (index: number, count: number): number => (carouselLoops(count) ? (index + 1) % count : 0);

/**
 * Turns the carousel: calls onTurn with the next index every delay, and only when it loops.
 * Returns the stop function.
 */
export function startRotation(count: number, rotationPeriod: number | null | undefined, onTurn: (turn: (index: number) => number) => void): () => void {
  if (!carouselLoops(count)) return () => undefined;
  const timer = setInterval(() => onTurn((index) => nextAdvert(index, count)), advertDelayMs(rotationPeriod));
  return () => clearInterval(timer);
}
