/** How long the name and description of a workspace or a template may be (the server's limits). */
export const BASIC_LIMITS = { displayName: 256, description: 1024 } as const;
