import type { Generated } from "kysely";

/** The news domain's tables, added to the app's Database type (src/platform/db/database.ts). */
declare module "../../platform/db/database.ts" {
  interface Database {
    newsItem: NewsItemTable;
    adItem: AdItemTable;
    adEnquiry: AdEnquiryTable;
    newsFeed: NewsFeedTable;
  }
}

export interface NewsItemTable {
  id: Generated<number>;
  headerText: string;
  text: string;
  imageUrl: string | null;
  navigateUrl: string;
  postingDate: string;
  /** 'manual' | 'feed' */
  source: string;
  guid: string | null;
  createdAt: string;
}

export interface AdItemTable {
  id: Generated<number>;
  type: string;
  headerText: string;
  text: string;
  imageUrl: string | null;
  navigateUrl: string;
  sortOrder: number;
}

export interface AdEnquiryTable {
  id: Generated<number>;
  firstName: string;
  lastName: string;
  company: string;
  email: string;
  phone: string;
  country: string;
  title: string;
  createdAt: string;
  /** When an admin marked it handled (null: still open), and who. */
  handledAt: string | null;
  handledByMemberId: number | null;
}

/** A feed the news import reads (admins keep the list; NEWS_FEEDS is read too). */
export interface NewsFeedTable {
  id: Generated<number>;
  url: string;
  createdAt: string;
}
