/** The words of the cards other sites show: a profile's SVG card and a portfolio's framed card. Only the server writes them. */
export const embed = {} as const;
