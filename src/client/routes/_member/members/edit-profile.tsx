import { createFileRoute } from "@tanstack/react-router";
import { optionalInt } from "../../../lib/search-params.ts";

const TABS = ["basic", "contact", "education", "photos", "videos", "about", "work"] as const;

/**
 * Edit profile (spec section 2): adId=2 opens the Photos tab, anything else the first tab; `tab`
 * (the first hour's checklist) opens a tab by name.
 */
export const Route = createFileRoute("/_member/members/edit-profile")({
  validateSearch: (search: Record<string, unknown>): { adId?: number; tab?: (typeof TABS)[number] } => ({
    adId: optionalInt(search.adId),
    tab: TABS.find((t) => t === search.tab),
  }),
});
