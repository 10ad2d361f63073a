/** Link props for a path below /admin (every admin page lives under the one route /admin/$). */
export const adminLink = (path: string) => ({ to: "/admin/$", params: { _splat: path } }) as const;
