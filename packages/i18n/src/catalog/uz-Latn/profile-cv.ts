/**
 * A profile read as a CV: the names of its choices, which the contract lists by code (CITIES, EMPLOYMENT,
 * WORK_STATUS, AFFILIATION_KIND). A city is Uzbekistan's region, or "abroad".
 */
export const profileCv = {
  'city.toshkent-shahri': 'Toshkent shahri',
  'city.toshkent': 'Toshkent viloyati',
  'city.andijon': 'Andijon viloyati',
  'city.buxoro': 'Buxoro viloyati',
  'city.fargona': 'Farg‘ona viloyati',
  'city.jizzax': 'Jizzax viloyati',
  'city.xorazm': 'Xorazm viloyati',
  'city.namangan': 'Namangan viloyati',
  'city.navoiy': 'Navoiy viloyati',
  'city.qashqadaryo': 'Qashqadaryo viloyati',
  'city.samarqand': 'Samarqand viloyati',
  'city.sirdaryo': 'Sirdaryo viloyati',
  'city.surxondaryo': 'Surxondaryo viloyati',
  'city.qoraqalpogiston': 'Qoraqalpog‘iston Respublikasi',
  'city.boshqa': 'Boshqa davlat',

  // The kinds of work a person looks for.
  'employment.full': 'To‘liq stavka',
  'employment.part': 'Yarim stavka',
  'employment.freelance': 'Frilans',
  'employment.internship': 'Amaliyot',

  // A badge: looking for work ("looking") or open to offers ("open"); "not" shows nothing.
  'workStatus.looking': 'Ishga tayyor',
  'workStatus.open': 'Takliflarga ochiq',
  'workStatus.not': 'Ish qidirmayapti',

  // Where the person works or studies: IT Park's residents, a company, a university.
  'affiliation.itpark': 'IT Park rezidenti',
  'affiliation.company': 'Kompaniya',
  'affiliation.university': 'Universitet',

  // The admin log's entries for an affiliation marked verified, and the mark removed.
  'moderation.done.affiliationVerify': 'Tashkilotni tasdiqladi',
  'moderation.done.affiliationUnverify': 'Tashkilot tasdig‘ini olib tashladi',
} as const;
