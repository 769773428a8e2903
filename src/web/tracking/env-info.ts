// spec §7 POST /pick/envInfo: clientCode and environmentalInfo with the OS, browser and browser
// version, read from the user agent. The client code identifies this browser across visits
// (a random id kept in localStorage).
export interface EnvironmentalInfo {
  os: string;
  browser: string;
  browserVersion: string;
}

const OS_PATTERNS: [RegExp, string][] = [
  [/Windows NT 10/i, "Windows 10"],
  [/Windows NT 6\.3/i, "Windows 8.1"],
  [/Windows NT 6\.1/i, "Windows 7"],
  [/Windows/i, "Windows"],
  [/(iPhone|iPad|iPod)/i, "iOS"],
  [/Android/i, "Android"],
  [/HarmonyOS/i, "HarmonyOS"],
  [/Mac OS X|Macintosh/i, "macOS"],
  [/CrOS/i, "ChromeOS"],
  [/Linux/i, "Linux"],
];

// Order matters: Edge and Opera and the Chinese browsers also claim Chrome, Chrome claims Safari.
const BROWSER_PATTERNS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/([\d.]+)/, "Edge"],
  [/OPR\/([\d.]+)/, "Opera"],
  [/MicroMessenger\/([\d.]+)/, "WeChat"],
  [/DingTalk\/([\d.]+)/, "DingTalk"],
  [/QQBrowser\/([\d.]+)/, "QQBrowser"],
  [/UCBrowser\/([\d.]+)/, "UCBrowser"],
  [/(?:Firefox|FxiOS)\/([\d.]+)/, "Firefox"],
  [/(?:Chrome|CriOS|HeadlessChrome)\/([\d.]+)/, "Chrome"],
  [/Version\/([\d.]+).*Safari/, "Safari"],
  [/(?:MSIE |Trident\/.*rv:)([\d.]+)/, "IE"],
];

export function environmentOf(userAgent: string): EnvironmentalInfo {
  const os = OS_PATTERNS.find(([re]) => re.test(userAgent))?.[1] ?? "Unknown";
  for (const [re, browser] of BROWSER_PATTERNS) {
    const m = re.exec(userAgent);
    if (m) return { os, browser, browserVersion: m[1] };
  }
  return { os, browser: "Unknown", browserVersion: "" };
}

export const CLIENT_CODE_KEY = "Hbl_tracking_client";

/** This browser's client code: the stored one, else a new random one (stored). */
export function clientCodeOf(storage: Pick<Storage, "getItem" | "setItem">, random: () => string = randomId): string {
  const stored = storage.getItem(CLIENT_CODE_KEY);
  if (stored && /^[\w-]{8,64}$/.test(stored)) return stored;
  const code = random();
  try {
    storage.setItem(CLIENT_CODE_KEY, code);
  } catch {
    // Storage refused: a code for this page only.
  }
  return code;
}

function randomId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === "function") return c.randomUUID();
  return `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}
