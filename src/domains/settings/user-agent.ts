/**
 * A readable name for the device of a session ("Chrome on Linux", "Safari on iOS") from its
 * User-Agent header: a few ordered checks, enough for the signed-in devices list (not a full parser).
 */
export interface DeviceSummary {
  browser: string;
  os: string;
  device: string;
}

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  // Order matters: Edge, Opera and Samsung Internet also say "Chrome"; Chrome also says "Safari".
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\/|\bMobile\/\w+ Safari\//, "Safari"],
  [/^curl\//i, "curl"],
  [/^PostmanRuntime\//i, "Postman"],
  [/^okhttp\//i, "Android app"],
  [/\bCFNetwork\//, "iOS app"],
  [/^Bun\//i, "Bun"],
  [/^(node|undici)\b/i, "Node.js"],
  [/^python-requests\//i, "Python"],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  // Order matters: iPhones say "like Mac OS X", Android says "Linux".
  [/\b(iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b|\bX11\b/, "Linux"],
];

export function describeUserAgent(userAgent: string): DeviceSummary {
  const ua = userAgent.trim();
  if (!ua) return { browser: "", os: "", device: "Unknown device" };
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? "";
  const os = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? "";
  const device = browser && os ? `${browser} on ${os}` : browser || (os ? `Browser on ${os}` : "Unknown device");
  return { browser, os, device };
}
