// GB 11643 resident ID numbers: 17 digits (region, birth date, sequence) and a check digit, the
// character "10X98765432"[Σ digit × weight mod 11]. The generated validators inline the same
// computation (scripts/codegen/validators.ts, keyword idCardChecksum); the rule cases test both.
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = "10X98765432";

/** The check digit of the first 17 digits. */
export function idCardCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK[sum % 11];
}

/** False only for an 18-character ID number whose last character is not its check digit (other shapes are the pattern's to judge). */
export function idCardCheckDigitHolds(text: string): boolean {
  if (!/^[0-9]{17}[0-9Xx]$/.test(text)) return true;
  return idCardCheckDigit(text) === text[17].toUpperCase();
}
