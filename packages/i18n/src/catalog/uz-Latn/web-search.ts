/** The search page (/search) and the header's suggestions. */
export const webSearch = {
  'searchPage.title': 'Qidiruv',
  'searchPage.titleFor': '“{query}” bo‘yicha qidiruv',
  // The page's description for search engines and link previews.
  'searchPage.description': 'Portfoliolar, dasturchilar va texnologiyalar bo‘yicha qidiruv.',
  'searchPage.submit': 'Qidirish',
  'searchPage.tabsLabel': 'Natijalar turi',
  'searchPage.tab.portfolios': 'Portfoliolar',
  'searchPage.tab.people': 'Dasturchilar',
  'searchPage.tab.technologies': 'Texnologiyalar',
  'searchPage.empty': 'Hech narsa topilmadi',
  'searchPage.prompt': 'Nimani qidirayotganingizni yozing',
  'searchPage.technologyCount': '{count, plural, other {# ta portfolio}}',
  'searchBox.label': 'Saytdan qidirish',
  'searchBox.placeholder': 'Portfolio, dasturchi, texnologiya',
  'searchBox.suggestions': 'Takliflar',
  // Read out by screen readers as suggestions arrive.
  'searchBox.count': '{count, plural, =0 {Takliflar yo‘q} other {# ta taklif}}',
} as const;
