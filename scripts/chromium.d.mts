/** Types of chromium.mjs (a plain .mjs so that ensure-chromium runs on Node before anything is built). */
export function findChromium(): string | null;
export const CHROMIUM_ARGS: string[];
