/** The words of a profile's CV: its page (`/profile/{username}/cv`) and its PDF. Only the server writes them. */
export const cv = {
  // The page's and the PDF's title: the person's name, then the word for a CV.
  'cv.title': '{name} — rezyume',
  'cv.contacts': 'Aloqa',
  'cv.email': 'E-pochta',
  'cv.website': 'Sayt',
  // The person's profile on this site.
  'cv.profile': 'Portfolio Master’dagi profil',
  'cv.region': 'Hudud',
  'cv.about': 'O‘zi haqida',
  'cv.skills': 'Ko‘nikmalar',
  // Whether the person looks for work, which roles and kinds of work.
  'cv.openToWork': 'Ish qidirish',
  'cv.roles': 'Lavozimlar',
  'cv.employment': 'Ish turi',
  'cv.remote': 'Masofadan ham',
  'cv.affiliation': 'Tashkilot',
  // Beside an affiliation an admin checked.
  'cv.verified': 'Admin tomonidan tasdiqlangan',
  'cv.experience': 'Ish tajribasi',
  'cv.education': 'Ta’lim',
  // The end of a job or of studies that goes on: "03.2023 – hozirgacha".
  'cv.present': 'hozirgacha',
  'cv.pinned': 'Tanlangan ishlar',
  'cv.technologies': 'Texnologiyalar',
  // A pinned work's own address (its site or repository), beside its page on this site.
  'cv.link': 'Havola',
  // Before the links to the same CV as a PDF and as JSON Resume (not printed).
  'cv.formats': 'Yuklab olish:',
  'cv.notFound.title': 'Profil topilmadi',
  'cv.notFound.text': 'Bunday profil yo‘q yoki u yashirilgan.',
  'cv.notFound.home': 'Bosh sahifaga',
} as const;
