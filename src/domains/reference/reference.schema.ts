import { z } from "zod";

/** Institution types of the school pickers: 1 public high school, 2 private high school, 3 college. */
export const INSTITUTION_TYPES = [
  { value: 1, label: "Public High School" },
  { value: 2, label: "Private High School" },
  { value: 3, label: "College / University" },
] as const;

export const stateCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "State is required.");

export const institutionType = z.coerce.number().int().min(1).max(3).default(3);

export const schoolsInput = z.object({ state: stateCode, institutionType });

export const industriesInput = z.object({ sector: z.string().trim().min(1, "sector is required.").max(100) });
export const companiesInput = z.object({
  sector: z.string().trim().min(1, "sector is required.").max(100),
  industry: z.string().trim().max(100).optional(),
});
