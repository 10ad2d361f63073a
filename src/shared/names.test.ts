import { describe, expect, it } from "vitest";
import { nameProblem, personNameField } from "./names.ts";
import { texts } from "./texts.ts";

describe("the name rule (issue 11, finding 12)", () => {
  it("accepts plain names in any script, with marks, apostrophes, hyphens and periods", () => {
    for (const name of [
      "Ann",
      "José",
      "Zoë",
      "O'Brien",
      "D’Angelo",
      "Mary-Jane",
      "J.R.",
      "St. John",
      "Nguyễn Văn",
      "李",
      "Łukasz",
      "Ødegård",
      "A".repeat(50),
    ]) {
      expect(nameProblem(name), name).toBeNull();
    }
  });

  it("refuses anything else with one clear message", () => {
    expect(nameProblem("Urgent: verify at evil.example/login")).toBe(texts.nameCharacters);
    expect(nameProblem("Agent 007")).toBe(texts.nameCharacters);
    expect(nameProblem("<b>Bob</b>")).toBe(texts.nameCharacters);
    expect(nameProblem("Ann\tLee")).toBe(texts.nameCharacters);
    expect(nameProblem("Bob\u200bby")).toBe(texts.nameCharacters);
    expect(nameProblem("-'.")).toBe(texts.nameCharacters);
    expect(nameProblem("Visit evil.example")).toBe(texts.nameNoWebAddress);
    expect(nameProblem("x-y.com")).toBe(texts.nameNoWebAddress);
    expect(nameProblem("bu\u0308cher.de")).toBe(texts.nameNoWebAddress);
    expect(nameProblem("A".repeat(51))).toBe(texts.nameTooLong);
  });

  it("trims, joins runs of spaces, normalises to NFC, and says which name is required", () => {
    expect(personNameField("First name required.").parse("  Zoe\u0308   Ann ")).toBe("Zoë Ann");
    expect(personNameField("First name required.").safeParse("  ").error?.issues[0]?.message).toBe("First name required.");
    expect(personNameField().parse(null)).toBe("");
    expect(personNameField().safeParse("www.evil.example").error?.issues).toEqual([
      expect.objectContaining({ message: texts.nameNoWebAddress }),
    ]);
  });

  it("answers at once for long hostile input (the length is checked before any pattern, and none backtracks)", () => {
    const started = performance.now();
    for (const filler of [" ", "a", "a.", "'-"]) {
      expect(personNameField().safeParse(`A${filler.repeat(50_000)}!`).success).toBe(false);
      expect(nameProblem(`A${filler.repeat(24)}!`)).toBe(texts.nameCharacters);
    }
    expect(performance.now() - started).toBeLessThan(200);
  });
});
