import { z } from "zod";
import { memberIdField } from "../../shared/ids.ts";

// Shared by the client and the server: no server imports.

/** Keyset paging of the member lists: the cursor is opaque to clients. */
export const listInput = z.object({
  memberId: memberIdField.optional(),
  search: z.string().trim().max(100).optional(),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type ListInput = z.input<typeof listInput>;
export type ListQuery = z.output<typeof listInput>;

export const searchInput = z.object({
  text: z.string().trim().min(1, "You must enter at least be 1 character.").max(100),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** A member in a list (contacts, requests, follows, suggestions, search). */
export interface MemberCard {
  memberId: number;
  name: string;
  firstName: string;
  title: string;
  picturePath: string;
  city: string;
  state: string;
  /** "City, ST" or "" */
  location: string;
  sport: string;
  profileType: string;
  /** How the viewer stands to this member: the row's labels and buttons, without a query per row. */
  relation: Relationship;
}

export interface MemberPage {
  items: MemberCard[];
  /** Pass back to get the next page; null on the last page. */
  nextCursor: string | null;
  total: number;
}

/**
 * The viewer's links to one member (contact, requests and follows, either way), read with a page of
 * cards: a list row's labels. Privacy's `Relation` (self, contact, member) is what privacy rules read.
 */
export interface MemberLinks {
  isSelf: boolean;
  isContact: boolean;
  /** The viewer asked this member and waits for an answer. */
  requestSent: boolean;
  /** This member asked the viewer. */
  requestReceived: boolean;
  /** The viewer follows this member. */
  isFollowing: boolean;
  /** This member follows the viewer. */
  followsViewer: boolean;
  /** Follow is offered: not the viewer, not followed yet. */
  canFollow: boolean;
}

/**
 * How the viewer stands to a member and what they may do with them: the links and the two buttons
 * the member's privacy may hide. A list row carries all of it; a profile's buttons
 * (contacts.service `relationship`) all but `followsViewer`.
 */
export interface Relationship extends MemberLinks {
  /** The Add as Contact button: not self, not a contact, nothing pending, and the member accepts requests from this viewer. */
  canRequest: boolean;
  /** Whether the member's privacy lets this viewer send a message. */
  canMessage: boolean;
}

/** The members the viewer blocked (settings), newest first. */
export const blockedListInput = z.object({
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type BlockedListQuery = z.output<typeof blockedListInput>;

export interface BlockedMember {
  memberId: number;
  name: string;
  blockedAt: string;
}

export interface BlockedPage {
  items: BlockedMember[];
  nextCursor: string | null;
}
