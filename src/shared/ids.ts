import { z } from "zod";

/** A member id as clients send it (a number or its digits), with one message for anything else. */
export const memberIdField = z.coerce.number().int().positive("memberId must be a member id.");

/** The input of every procedure that names one member. */
export const memberIdInput = z.object({ memberId: memberIdField });
