import { listInput, type MemberCard, type MemberLinks, type Relationship, searchInput } from "../../domains/contacts/contacts.schema.ts";
import * as contacts from "../../domains/contacts/contacts.service.ts";
import * as search from "../../domains/search/search.service.ts";
import type { Actor, AppContext } from "../../platform/context.ts";
import { texts } from "../../shared/texts.ts";
import { serverTexts } from "../../shared/server-texts.ts";
import { z } from "zod";
import { flagText, legacyPicture } from "./legacy-shapes.ts";
import {
  actorOf,
  type Controller,
  fields,
  memberIdAt,
  memberIdInField,
  type Ownership,
  type RestAction,
  type RestRequest,
  refusedAction,
  textOf,
} from "./registry.ts";

/*
 * contact/* of the original service (and member/IsFriendByContactID, member/IsFollowingContact):
 * thin adapters over the contacts and search services.
 *
 * Contact list item (GetMemberContacts, GetRequestsList, GetPeopleIFollow, GetWhosFollowingMe,
 * GetMemberSuggestions, GetMemberContactSuggestions, SearchMemberContacts, GetSearchContacts):
 * - contactID: the other member's id; fromID: the member the list belongs to (the memberID / userID
 *   asked for; the caller for suggestions). Member ids are strings, as memberID of the login result.
 * - friendName "First Last", firstName, titleDesc (the member's title, "" when none: clients show
 *   "Unknown Title"), location "City, ST" ("" when unknown or when the member's contact info
 *   section is hidden from this viewer), picturePath (the default picture when the member hides
 *   theirs from this viewer).
 * - labelText: how the caller stands to that member, the first that holds of: "You" (the caller
 *   in someone else's list), "Contact", "Request received" (they asked the caller), "Request sent"
 *   (the caller asked them), "Following" (the caller follows them), "Follows you"; else "".
 * - showFollow: true when the caller may follow that member now (not the caller, not followed yet).
 * - params: the query string of that member's profile route ("memberID=12", for
 *   members/show-profile?{params}); paramsAV: always "" (Sideline has nothing that fits).
 * - GetSearchContacts items also carry connectionID (= contactID), the key of the spec's
 *   "Connection search result" that the message composer's autocomplete reads.
 *
 * Search result item (SearchResults, SearchAllResults): entityID (member id, string), entityName
 * "First Last", sType the member's profile type ("Coach", "Athlete (Amateur)"), picturePath,
 * cityState "City, ST" ("" when unknown). Full-text with prefix matching over name, sport, profile
 * type and title, positions, city and state, best match first. Only what the member's profile
 * sections show this viewer is matched and answered: first and last name and title always; middle
 * name, profile type, sport, positions, current city and hometown per the basic info level, city
 * and state per the contact info level (Only Contacts: for contacts; Private: for nobody); sType
 * and cityState are "" when hidden.
 *
 * Lists answer a JSON array: the first page, sorted by name (search: by relevance; suggestions: by
 * score). Caps: GetMemberContacts, GetRequestsList, GetPeopleIFollow, GetWhosFollowingMe and
 * SearchMemberContacts 200; GetSearchContacts 20 (autocomplete); SearchResults 10 (the navbar's
 * live dropdown) and SearchAllResults 50 (the search results screen); GetMemberSuggestions 10 (the
 * right column) and GetMemberContactSuggestions 50 (the Find Contacts strip). `show` of
 * GetMemberContacts is optional: a positive number n answers at most n contacts (the first n by
 * name, never more than the cap); anything else (All, empty) answers the first page.
 * searchText is required by the four search actions (400 when missing or blank); contact searches
 * match any part of the name.
 *
 * Writes (memberID must be the caller) answer {memberID, contactID, status}, status one of
 * "requested", "accepted" (SendRequestContact to someone who had asked the caller accepts theirs),
 * "rejected", "dropped", "following", "unfollowed". SendRequestContact: 400 to oneself or when a
 * request or contact exists already, 403 when the member takes requests only from contacts, 404 for
 * a member who is not active or a minor hidden from the caller (decision 040), 429 past 30 an hour. AcceptRequest / RejectRequest: 404 when contactID has not asked the
 * caller (so a requester cannot accept their own request). DeleteContact: 404 when not contacts.
 * FollowMember: 400 for oneself, 404 for a member who is not active; following again is a no-op.
 * UnfollowMember: 404 when not following.
 *
 * Authorization: a memberID / userID naming someone else answers 403 for writes, the request list,
 * searches and suggestions (they are personal). GetMemberContacts, SearchMemberContacts,
 * GetPeopleIFollow and GetWhosFollowingMe of another member follow that member's "view friends
 * list" setting (403 when hidden from a non-contact, 404 when not an active member or a minor
 * hidden from the caller).
 * IsFollowingContact (memberID follows contactID?) and IsFriendByContactID/{a}/{b} answer JSON
 * true / false to either of the two members, and to anyone else per the first member's "view
 * friends list" setting; a member who is not active has no contacts nor follows (false).
 * Deactivated members vanish from every list, search and suggestion until they reactivate.
 * Missing or malformed ids: 400.
 */

/** The member lists contacts.listOf answers. */
type ListKind = Parameters<typeof contacts.listOf>[2];

const LIST_CAP = 200;
const DROPDOWN_CAP = 10;
const SEARCH_PAGE_CAP = 50;
const RIGHT_COLUMN_SUGGESTIONS = 10;
const FIND_CONTACTS_SUGGESTIONS = 50;

/** A personal action: the member id in the field `name` is the caller's (403 otherwise). */
const ownField = (name: string): Ownership => ({ memberId: { field: name }, refusal: `${name} must be your own member id.` });
const OWN = ownField("memberID");

const searchTextInput = z.object({ searchText: searchInput.shape.text });
const searchTextOf = (req: RestRequest) =>
  searchTextInput.parse({ searchText: textOf(fields(req, ["searchText"]).searchText) ?? "" }).searchText;

/** `show` of GetMemberContacts: a positive number limits the list, anything else means the first page. */
function showLimit(v: unknown): number {
  const s = (textOf(v) ?? "").trim();
  return /^\d{1,6}$/.test(s) && Number(s) > 0 ? Math.min(Number(s), LIST_CAP) : LIST_CAP;
}

function relationLabel(r: MemberLinks): string {
  if (r.isSelf) return serverTexts.relationYou;
  if (r.isContact) return texts.relationContact;
  if (r.requestReceived) return texts.relationRequestReceived;
  if (r.requestSent) return texts.relationRequestSent;
  if (r.isFollowing) return texts.relationFollowing;
  if (r.followsViewer) return serverTexts.relationFollowsYou;
  return "";
}

/** The Find Contacts label of the original: "Add as Contact" where a request can be sent now, else "View Profile". */
const findContactsLabel = (r: Relationship) => (r.canRequest ? texts.addAsContact : texts.viewProfile);

/**
 * The legacy rows of cards; each card carries the viewer's relation already (not looked up twice).
 * `label` gives labelText (the member lists' relation label unless said otherwise).
 */
function contactItems(cards: MemberCard[], fromId: number, label: (r: Relationship) => string = relationLabel) {
  return cards.map((card) => {
    const relation = card.relation;
    const lastName = card.name.slice(card.firstName.length).trim();
    return {
      contactID: String(card.memberId),
      friendName: card.name,
      firstName: card.firstName,
      picturePath: legacyPicture(card.picturePath),
      titleDesc: card.title,
      location: card.location,
      fromID: String(fromId),
      labelText: label(relation),
      params: `memberID=${card.memberId}`,
      paramsAV: "",
      showFollow: flagText(relation.canFollow),
      showType: "",
      // Sideline never lists e-mail addresses (docs/rest-api.md "Where Sideline is stricter").
      email: "",
      nameAndID: `${card.memberId},${card.firstName},${lastName}`,
    };
  });
}

const searchItem = (card: MemberCard) => ({
  entityID: String(card.memberId),
  entityName: card.name,
  sType: card.profileType,
  picturePath: legacyPicture(card.picturePath),
  cityState: card.location,
});

/** One of the member lists (first page) as contact list items. */
async function listAnswer(req: RestRequest, kind: ListKind, ownerId: number, options: { search?: string; limit: number }) {
  const input = listInput.parse({ memberId: ownerId, search: options.search, limit: options.limit });
  const page = await contacts.listOf(req.app, actorOf(req), kind, input);
  return contactItems(page.items, ownerId);
}

async function searchAnswer(req: RestRequest, limit: number) {
  const found = await search.searchMembers(req.app, actorOf(req), searchTextOf(req), limit);
  return found.map(searchItem);
}

/** The Find Contacts search: every member the caller may find, labelled for sending a request. */
async function findContactsAnswer(req: RestRequest) {
  const actor = actorOf(req);
  const found = await search.searchMembers(req.app, actor, searchTextOf(req), SEARCH_PAGE_CAP);
  return contactItems(found, actor.memberId, findContactsLabel).map((item) => ({ ...item, connectionID: item.contactID }));
}

async function suggestionsAnswer(req: RestRequest, limit: number) {
  const actor = actorOf(req);
  return contactItems(await search.suggestions(req.app, actor, limit), actor.memberId);
}

type PairRun = (req: RestRequest, contactId: number) => Promise<string>;

/** A write on the pair (memberID = the caller, contactID = the other member): {memberID, contactID, status}. */
function pairWrite(method: "PUT" | "POST" | "DELETE", run: PairRun): RestAction {
  return {
    methods: [method],
    own: OWN,
    handler: async (req) => {
      const contactId = memberIdInField(req, "contactID");
      const status = await run(req, contactId);
      return { memberID: String(actorOf(req).memberId), contactID: String(contactId), status };
    },
  };
}

/** A service write on the pair, answering `status` once it is done. */
const answering =
  (write: (ctx: AppContext, actor: Actor, contactId: number) => Promise<void>, status: string): PairRun =>
  async (req, contactId) => {
    await write(req.app, actorOf(req), contactId);
    return status;
  };

async function isFollowingAnswer(req: RestRequest) {
  const memberId = memberIdInField(req, "memberID");
  const contactId = memberIdInField(req, "contactID");
  return contacts.isFollowingFor(req.app, actorOf(req), memberId, contactId);
}

/** Why the original's actions that Sideline does not serve are refused (docs/rest-api.md). */
const REFUSALS = {
  byEmailOrSchool: "Sideline does not search members by e-mail address: find members by name, sport or place (contact/GetSearchContacts).",
  entities: "Sideline has no networks or events to search: find members with contact/SearchAllResults.",
  networks: "Sideline has no networks or events.",
  phoneBook: "Sideline lists no phone numbers: each member's contact info shows them as their privacy settings allow.",
  browse: "Sideline has no browsing by category: find members with contact/SearchAllResults.",
};

export const contact: Controller = {
  GetMemberContacts: {
    methods: ["GET"],
    handler: (req) => listAnswer(req, "contacts", memberIdInField(req, "memberID"), { limit: showLimit(fields(req, ["show"]).show) }),
  },
  SearchMemberContacts: {
    methods: ["GET"],
    handler: (req) => {
      const memberId = memberIdInField(req, "memberID");
      return listAnswer(req, "contacts", memberId, { search: searchTextOf(req), limit: LIST_CAP });
    },
  },
  GetSearchContacts: { methods: ["GET"], own: ownField("userID"), handler: findContactsAnswer },
  GetRequestsList: {
    methods: ["GET"],
    own: OWN,
    handler: (req) => listAnswer(req, "requests", actorOf(req).memberId, { limit: LIST_CAP }),
  },
  GetPeopleIFollow: {
    methods: ["GET"],
    handler: (req) => listAnswer(req, "following", memberIdInField(req, "memberID"), { limit: LIST_CAP }),
  },
  GetWhosFollowingMe: {
    methods: ["GET"],
    handler: (req) => listAnswer(req, "followers", memberIdInField(req, "memberID"), { limit: LIST_CAP }),
  },
  SearchResults: { methods: ["GET"], own: OWN, handler: (req) => searchAnswer(req, DROPDOWN_CAP) },
  SearchAllResults: { methods: ["GET"], own: OWN, handler: (req) => searchAnswer(req, SEARCH_PAGE_CAP) },
  GetMemberSuggestions: { methods: ["GET"], own: OWN, handler: (req) => suggestionsAnswer(req, RIGHT_COLUMN_SUGGESTIONS) },
  GetMemberContactSuggestions: { methods: ["GET"], own: OWN, handler: (req) => suggestionsAnswer(req, FIND_CONTACTS_SUGGESTIONS) },
  IsFollowingContact: { methods: ["GET"], handler: isFollowingAnswer },
  // The original's search by type answered the Find Contacts rows too; Sideline's search covers
  // names, sport, title, positions and places whatever the type.
  GetMembersBySearchType: { methods: ["GET"], own: ownField("userID"), handler: findContactsAnswer },
  SearchMemberByType: refusedAction(REFUSALS.byEmailOrSchool),
  GetEntityBySearchType: refusedAction(REFUSALS.entities),

  SendRequestContact: pairWrite("PUT", (req, contactId) => contacts.sendRequest(req.app, actorOf(req), contactId)),
  AcceptRequest: pairWrite("PUT", answering(contacts.acceptRequest, "accepted")),
  RejectRequest: pairWrite("PUT", answering(contacts.rejectRequest, "rejected")),
  DeleteContact: pairWrite("DELETE", answering(contacts.dropContact, "dropped")),
  FollowMember: pairWrite("POST", answering(contacts.follow, "following")),
  UnfollowMember: pairWrite("POST", answering(contacts.unfollow, "unfollowed")),
};

/**
 * connection/*: the original's earlier ConnectionController, served as aliases of the contact
 * actions (same parameter names: memberID, contactID, userID, searchText, show).
 */
export const connection: Controller = {
  GetMemberConnections: contact.GetMemberContacts!,
  GetMemberConnectionSuggestions: contact.GetMemberContactSuggestions!,
  SendRequestConnection: contact.SendRequestContact!,
  SearchMemberConnections: contact.SearchMemberContacts!,
  GetRequestsList: contact.GetRequestsList!,
  GetMembersBySearchType: contact.GetMembersBySearchType!,
  GetSearchConnections: contact.GetSearchContacts!,
  AcceptRequest: contact.AcceptRequest!,
  RejectRequest: contact.RejectRequest!,
  DeleteConnection: contact.DeleteContact!,
  ConnectionSearchResults: contact.SearchResults!,
  PeopleSearchResults: contact.SearchAllResults!,
  SearchResults: contact.SearchResults!,
  GetMemberNetworkInviteConnectionList: refusedAction(REFUSALS.networks),
  GetMemberPhoneBook: refusedAction(REFUSALS.phoneBook),
  GetMemberBrowsedContacts: refusedAction(REFUSALS.browse),
  SearchMemberByType: refusedAction(REFUSALS.byEmailOrSchool),
  GetEntityBySearchType: refusedAction(REFUSALS.entities),
  NetworkSearchResults: refusedAction(REFUSALS.networks),
  EventSearchResults: refusedAction(REFUSALS.networks),
};

/** member/* actions about contacts (joined into the member controller in controllers.ts). */
export const memberContact: Controller = {
  IsFriendByContactID: {
    methods: ["GET"],
    handler: async (req) => {
      const a = memberIdAt(req, 0, "id", "memberID");
      const b = memberIdAt(req, 1, "contact id", "contactID");
      return contacts.areContactsFor(req.app, actorOf(req), a, b);
    },
  },
  // The original service answered these under member/ too (docs/rest-api.md, aliases).
  IsFollowingContact: { methods: ["GET"], handler: isFollowingAnswer },
  GetMemberContacts: contact.GetMemberContacts!,
  IsContactRequestSent: {
    methods: ["GET"],
    // Whether the caller ({memberID}) has asked {toMemberID} and waits for an answer: JSON true / false.
    own: { memberId: "path", refusal: "id must be your own member id." },
    // False for a member who is not there or hidden (a minor, decision 040) alike: no 404 to tell them apart.
    handler: (req) => contacts.requestSentTo(req.app, actorOf(req), memberIdAt(req, 1, "toMemberID", "toMemberID")),
  },
  SendFriendRequest: refusedAction("Sideline sends no invitations to e-mail addresses: send a request with contact/SendRequestContact."),
  IsMember: refusedAction("Sideline does not tell whether an e-mail address has an account."),
  IsFriendByEmail: refusedAction("Sideline does not look members up by e-mail address: use member/IsFriendByContactID."),
};
