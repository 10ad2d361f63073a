import type { Relation } from "../contacts/contacts.service.ts";

/** Privacy levels of the profile sections and contact fields (spec section 3). */
export const PrivacyLevel = { Public: 1, Private: 2, OnlyContacts: 3 } as const;

/** Whether a viewer in this relation may see something kept at this level. Public means signed-in members. */
export function levelAllows(level: number, relation: Relation): boolean {
  if (relation === "self") return true;
  if (level === PrivacyLevel.Public) return true;
  if (level === PrivacyLevel.OnlyContacts) return relation === "contact";
  return false;
}

/** A contact field with a "show" flag: the owner turned it on and its level lets this viewer see it. */
export function fieldVisible(relation: Relation, flag: number, level: number = PrivacyLevel.Public): boolean {
  return relation === "self" || (flag === 1 && levelAllows(level, relation));
}
