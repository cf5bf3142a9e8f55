/** The words of a profile's CV: its page (`/profile/{username}/cv`) and its PDF. Only the server writes them. */
export const cv = {} as const;
