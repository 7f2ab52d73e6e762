// No zod here: the web app's first screen imports these constants and must not pull zod in with them.

export const Role = { User: 'user', Admin: 'admin' } as const;
export type Role = (typeof Role)[keyof typeof Role];

export const UserStatus = { Active: 'active', Suspended: 'suspended', Banned: 'banned' } as const;
export type UserStatus = (typeof UserStatus)[keyof typeof UserStatus];
