import { z } from "zod";

/**
 * The largest row id. Ids are `integer` columns, 32 bits on PostgreSQL: a larger number names no row,
 * and handed to PostgreSQL it is an error, so every id a client sends is checked against it.
 */
export const MAX_ROW_ID = 2_147_483_647;

/** Whether `n` can be a row's id: a whole number from 1 to MAX_ROW_ID. */
export const isRowId = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= MAX_ROW_ID;

/** A row id written as digits (a page cursor): its number, or null when the text cannot name a row. */
export const rowIdOfText = (text: string): number | null => (/^[1-9]\d{0,9}$/.test(text) && isRowId(Number(text)) ? Number(text) : null);

/** A row id as clients send it (a number or its digits), with one message for anything else. */
export const rowIdField = (message: string) => z.coerce.number().int(message).positive(message).max(MAX_ROW_ID, message);

/** A member id as clients send it (a number or its digits), with one message for anything else. */
export const memberIdField = rowIdField("memberId must be a member id.");

/** The input of every procedure that names one member. */
export const memberIdInput = z.object({ memberId: memberIdField });
