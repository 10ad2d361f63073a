import { describe, expect, it } from "vitest";
import { exactDate, relativeDate } from "./dates.ts";

const now = Date.parse("2026-11-22T12:00:00.000Z");
const ago = (ms: number) => new Date(now - ms).toISOString();

describe("relativeDate", () => {
  it("reads recent dates relative to now", () => {
    expect(relativeDate(ago(5_000), now)).toBe("just now");
    expect(relativeDate(ago(-30_000), now)).toBe("just now");
    expect(relativeDate(ago(60_000), now)).toBe("1 min ago");
    expect(relativeDate(ago(59 * 60_000), now)).toBe("59 min ago");
    expect(relativeDate(ago(3 * 3_600_000 + 5), now)).toBe("3 h ago");
    expect(relativeDate(ago(2 * 86_400_000), now)).toBe("2 d ago");
    expect(relativeDate(ago(6 * 86_400_000 + 86_399_000), now)).toBe("6 d ago");
  });

  it("gives the calendar date from a week on, and nothing for a broken date", () => {
    expect(relativeDate("2026-03-12T09:00:00.000Z", now, "en-GB")).toBe("12 Mar 2026");
    expect(relativeDate("not a date", now)).toBe("");
    expect(exactDate("not a date")).toBe("");
    expect(exactDate("2026-03-12T09:00:00.000Z", "en-GB")).toMatch(/12 March 2026/);
  });

  it("writes dates exactly as toLocaleString does, in any locale, call after call", () => {
    for (const locale of ["en-GB", "en-US", "de-DE", undefined]) {
      for (const iso of ["2026-03-12T09:00:00.000Z", "2025-12-31T23:59:00.000Z"]) {
        const at = new Date(iso);
        expect(exactDate(iso, locale)).toBe(at.toLocaleString(locale, { dateStyle: "full", timeStyle: "short" }));
        expect(relativeDate(iso, now, locale)).toBe(at.toLocaleDateString(locale, { day: "numeric", month: "short", year: "numeric" }));
      }
    }
  });
});
