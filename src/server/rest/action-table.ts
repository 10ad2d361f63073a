import type { Controller, RestAction } from "./registry.ts";

/** The dispatcher's key of an action: names match case-insensitively (/api/Member/getrecentposts). */
const keyOf = (...names: string[]) => names.join("/").toLowerCase();

/**
 * One controller from the parts that several modules declare (member: account, profile, contact,
 * feed and media actions). Throws when two parts name the same action, so that no part silently
 * replaces another's.
 */
export function joinActions(controller: string, ...parts: Controller[]): Controller {
  const joined: Controller = {};
  const seen = new Set<string>();
  for (const part of parts) {
    for (const [action, def] of Object.entries(part)) {
      if (seen.has(keyOf(action))) throw new Error(`REST action ${controller}/${action} is declared twice.`);
      seen.add(keyOf(action));
      joined[action] = def;
    }
  }
  return joined;
}

/**
 * The dispatcher's table: "controller/action" in lower case -> the action. Throws on a name served
 * twice and on an action that is public yet names a member that must be the caller.
 */
export function actionTable(controllers: Record<string, Controller>): Map<string, RestAction> {
  const table = new Map<string, RestAction>();
  for (const [controller, actions] of Object.entries(controllers)) {
    for (const [action, def] of Object.entries(actions)) {
      const key = keyOf(controller, action);
      if (table.has(key)) throw new Error(`REST action ${controller}/${action} is declared twice.`);
      if (def.public && def.own)
        throw new Error(`REST action ${controller}/${action} is public, so no caller can own the member id it names.`);
      table.set(key, def);
    }
  }
  return table;
}
