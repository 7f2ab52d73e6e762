// No zod here: the web's first screen (the profile menu) imports this constant and must not pull zod in with it.
export const ProfileKind = { Standard: 'standard', Kids: 'kids' } as const;
export type ProfileKind = (typeof ProfileKind)[keyof typeof ProfileKind];
