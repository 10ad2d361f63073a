import { describe, expect, it } from "vitest";
import { birthDateError, clientLogInput, loginInput, registerInput } from "./accounts.schema.ts";

const messages = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`) ?? [];

describe("account schemas", () => {
  it("a missing field gets that field's own message, not a type error", () => {
    expect(messages(registerInput.safeParse({ firstName: "A" }))).toEqual([
      "lastName: Last name is required.",
      "email: Valid email is required.",
      "password: Password is required.",
      "password: Password must at least be 5 characters.",
      "confirmPwd: Re-enter Password is required.",
      "gender: Gender is required.",
      "profileType: Profile type is required.",
    ]);
    expect(messages(loginInput.safeParse({}))).toEqual(["email: Valid email is required.", "password: Password is required."]);
    expect(clientLogInput.parse({ message: "boom" })).toEqual({ message: "boom", stack: "", url: "", level: "error" });
  });

  it("accepts the original client's strings and numbers, normalises the e-mail, builds the birth date", () => {
    const parsed = registerInput.parse({
      firstName: " Ann ",
      lastName: "Lee",
      email: " Ann@Example.COM ",
      password: "secret",
      confirmPwd: "secret",
      gender: "Female",
      month: 3,
      day: "4",
      year: "2001",
      profileType: "Scout",
    });
    expect(parsed).toMatchObject({ firstName: "Ann", email: "ann@example.com", birthDate: "2001-03-04" });
    expect(parsed).not.toHaveProperty("confirmPwd");
  });

  it("the birth date must be complete, real, and at least 15 years ago", () => {
    const today = new Date(Date.UTC(2026, 10, 22));
    expect(birthDateError("", "1", "2000", today)).toBe("Month, day, and year is required.");
    expect(birthDateError("2", "30", "2000", today)).toBe("Please choose a real date.");
    expect(birthDateError("11", "23", "2011", today)).toBe("You must be at least 15 years old to join.");
    expect(birthDateError("11", "22", "2011", today)).toBeNull();
  });
});
