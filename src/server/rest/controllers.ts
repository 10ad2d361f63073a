import { account } from "./account.ts";
import { joinActions } from "./action-table.ts";
import { common } from "./common.ts";
import { commonReference } from "./common-reference.ts";
import { connection, contact, memberContact } from "./contact.ts";
import { commonFeed, memberFeed } from "./feed.ts";
import { member } from "./member.ts";
import { memberProfile } from "./member-profile.ts";
import { message } from "./message.ts";
import { organizations } from "./organizations.ts";
import { commonCryptoActions, memberMediaActions } from "./media.ts";
import type { Controller } from "./registry.ts";
import { setting } from "./setting.ts";

/**
 * Every legacy REST controller, by the name in /api/{controller}/{action}: the dispatcher of app.ts
 * serves exactly these, and the authorization matrix (tests/matrix) enumerates them. The one place
 * that wires actions into controllers: a name declared twice throws at start-up.
 */
export const restControllers: Record<string, Controller> = {
  account,
  member: joinActions("member", memberMediaActions, member, memberProfile, memberContact, memberFeed, {
    // The original's earlier member/ names of common actions.
    getRecentNews: commonFeed.getRecentNews!,
    SendAdvertisementInfo: commonFeed.SendAdvertisementInfo!,
  }),
  common: joinActions("common", commonCryptoActions, common, commonReference, commonFeed),
  organizations,
  contact,
  connection,
  setting,
  message,
};
