// spec §4: "the guide switch per section is on by default and off when the stored flag is anything
// but true". One flag per section, under the spec's guide-visibility key plus the section name.
import { constants } from "../../../generated/constants.ts";

export type GuideSection = "payment" | "smartHome";

export const guideSwitchKey = (section: GuideSection): string => `${constants.storageKeys.guideVisible}_${section}`;

/** On when nothing is stored or the stored flag is "true"; off for any other value. */
export const guideSwitchOn = (stored: string | null | undefined): boolean => stored === null || stored === undefined || stored === "true";

export const readGuideSwitch = (storage: Pick<Storage, "getItem">, section: GuideSection): boolean => guideSwitchOn(storage.getItem(guideSwitchKey(section)));

export function writeGuideSwitch(storage: Pick<Storage, "setItem">, section: GuideSection, on: boolean): void {
  storage.setItem(guideSwitchKey(section), on ? "true" : "false");
}
