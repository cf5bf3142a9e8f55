/** "GitHub’dan olish": a portfolio's draft from a public repository, and its stars on the pages. */
export const github = {
  'validation.githubImport.repoUrl': 'GitHub’dagi repozitoriy manzilini kiriting',
  'problem.github.address':
    'Bu GitHub’dagi repozitoriy manzili emas: repozitoriy sahifasining to‘liq manzilini kiriting',
  'problem.github.notFound': 'Repozitoriy topilmadi: u yopiq yoki mavjud emas',
  'problem.github.rateLimited': 'GitHub hozir so‘rovlarni cheklamoqda: birozdan keyin qayta urinib ko‘ring',
  'problem.github.unavailable': 'GitHub javob bermadi: birozdan keyin qayta urinib ko‘ring',
  'githubImport.label': 'GitHub’dagi repozitoriy manzili',
  'githubImport.hint':
    'Ochiq repozitoriy manzilini kiriting: nomi, README boshi, tillari va mavzulari formaga yoziladi. Siz saqlamaguningizcha hech narsa saqlanmaydi.',
  'githubImport.submit': 'GitHub’dan olish',
  'githubImport.pending': 'GitHub’dan olinmoqda…',
  'githubImport.filled': 'Forma «{name}» repozitoriysidan to‘ldirildi: tekshirib, saqlang',
  // {stars}: how many stars the repository has on GitHub.
  'github.stars': '{stars, plural, other {# yulduz}}',
  'github.starsLabel': 'GitHub’dagi yulduzlar: {stars}',
  'github.language': 'Asosiy til: {language}',
} as const;
