// Shared by the client and the server: no server imports.

/** The steps of a new member's first hour, in the order the checklist shows them. */
export const FIRST_HOUR_STEPS = ["photo", "sportAndStatus", "education", "contact", "post"] as const;
export type FirstHourStep = (typeof FIRST_HOUR_STEPS)[number];

/** Which steps of the first hour the member has done. */
export interface FirstHour {
  steps: Record<FirstHourStep, boolean>;
  done: number;
  total: number;
  /** Every step done: the checklist leaves home. */
  complete: boolean;
  /** Percent of the steps done (the own profile's completeness meter). */
  percent: number;
}
