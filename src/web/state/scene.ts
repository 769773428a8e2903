// The scene name (spec §2, §9: default 社区) that labels, titles and breadcrumbs put in place of
// {scene}. The user call gives it (applicationSceneName); it is kept in localStorage.
import { constants } from "../../../generated/constants.ts";
import { local, session } from "./storage.ts";

const KEY = constants.storageKeys.sceneName;

export function getSceneName(): string {
  return session().getItem(KEY) || local().getItem(KEY) || constants.defaultSceneName;
}

export function setSceneName(name: string | null | undefined): void {
  try {
    if (name) local().setItem(KEY, name);
    else local().removeItem(KEY);
  } catch {
    // Storage refused: the default applies.
  }
}

/** Replaces the {scene} placeholder of a label, title or breadcrumb. */
export function withScene(text: string, scene: string = getSceneName()): string {
  return text.replace(/\{scene\}/g, scene);
}
