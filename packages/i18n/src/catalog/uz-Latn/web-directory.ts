/** The people directory (/people): its search, filters, sorts and cards. */
export const webDirectory = {
  'directory.title': 'Dasturchilar',
  'directory.lead':
    'Ishlarini shu yerda ko‘rsatayotgan dasturchilar: ismi, texnologiyasi va shahri bo‘yicha toping.',
  // The page's description for search engines and link previews.
  'directory.description':
    'O‘zbekiston dasturchilari: portfoliolari, ko‘nikmalari, shahri va ishga tayyorligi bo‘yicha qidiring.',
  'directory.search': 'Qidiruv',
  'directory.searchPlaceholder': 'Ism, username, sarlavha yoki ko‘nikma',
  'directory.technology': 'Texnologiya',
  'directory.technologyPlaceholder': 'Masalan, React',
  'directory.city': 'Hudud',
  'directory.anyCity': 'Barcha hududlar',
  'directory.openToWork': 'Faqat ishga tayyor yoki takliflarga ochiqlar',
  'directory.sort': 'Tartib',
  'directory.sort.liked': 'Ishlari eng ko‘p yoqtirilgan',
  'directory.sort.new': 'Eng yangi',
  'directory.sort.followed': 'Eng ko‘p kuzatilgan',
  'directory.apply': 'Ko‘rsatish',
  'directory.reset': 'Filtrlarni tozalash',
  'directory.found': '{count, plural, other {# ta dasturchi}}',
  'directory.empty': 'Hozircha hech kim yo‘q',
  'directory.emptyFiltered': 'Bu shartlarga mos dasturchi topilmadi',
  // Counts on a person's card.
  'directory.portfolios': '{count, plural, other {# ta portfolio}}',
  'directory.likes': '{count, plural, other {# ta yoqtirish}}',
  'directory.followers': '{count, plural, other {# ta kuzatuvchi}}',
  // Beside an affiliation an admin has confirmed.
  'directory.verified': 'Tasdiqlangan',
  // The link under the front page's users card.
  'directory.all': 'Barcha dasturchilar',
};
