/**
 * The API's messages for a field it refuses (`errors` of a 422, and its `detail`): the contract's schemas
 * name these keys, the server gives them what the check knows. `{min}` and `{max}` are the check's bounds,
 * `{field}` the field's name as the API spells it (`limit`, `page`: never translated).
 */
export const apiValidation = {
  'validation.text.nul': 'Matnda ruxsat etilmagan belgi bor (U+0000)',
  'validation.boolean': 'Qiymat true yoki false bo‘lishi kerak',
  'validation.number.type': '{field} son bo‘lishi kerak',
  'validation.number.integer': '{field} butun son bo‘lishi kerak',
  'validation.number.tooSmall': '{field} kamida {min} bo‘lishi kerak',
  'validation.number.tooBig': '{field} ko‘pi bilan {max} bo‘lishi mumkin',

  'validation.email.required': 'Email kiritilishi shart',
  'validation.email.tooLong': 'Email {max} belgidan oshmasin',
  'validation.email.format': 'Email manzili noto‘g‘ri',
  'validation.username.required': 'Foydalanuvchi nomi kiritilishi shart',
  'validation.username.tooShort': 'Foydalanuvchi nomi kamida {min} belgi bo‘lsin',
  'validation.username.tooLong': 'Foydalanuvchi nomi {max} belgidan oshmasin',
  'validation.username.format':
    'Foydalanuvchi nomida faqat lotin harflari, raqamlar va _ . - bo‘lishi mumkin',
  'validation.username.taken': 'Bu foydalanuvchi nomi band',
  'validation.mention.prefix':
    'Foydalanuvchi nomining boshini yozing: lotin harflari, raqamlar, «_», «.» yoki «-»',
  'validation.password.required': 'Parol kiritilishi shart',
  'validation.password.tooShort': 'Parol kamida {min} belgi bo‘lsin',
  'validation.password.tooLong': 'Parol {max} belgidan oshmasin',
  'validation.currentPassword.required': 'Joriy parol kiritilishi shart',
  'validation.currentPassword.type': 'Joriy parol matn bo‘lishi kerak',
  // Signing in takes an email or a username in the one field.
  'validation.login.required': 'Email yoki foydalanuvchi nomi kiritilishi shart',
  'validation.login.tooLong': 'Email yoki foydalanuvchi nomi juda uzun',
  'validation.firstname.required': 'Ism kiritilishi shart',
  'validation.firstname.tooLong': 'Ism {max} belgidan oshmasin',
  'validation.lastname.required': 'Familiya kiritilishi shart',
  'validation.lastname.tooLong': 'Familiya {max} belgidan oshmasin',
  // A profile's "about me" and a portfolio's description.
  'validation.description.type': 'Tavsif matn bo‘lishi kerak',
  'validation.description.tooLong': 'Tavsif {max} belgidan oshmasin',
  // A picture's description (its alt text) on a portfolio's form: "Rasm tavsifi".
  'validation.imageAlt.type': 'Rasm tavsifi matn bo‘lishi kerak',
  'validation.imageAlt.tooLong': 'Rasm tavsifi {max} belgidan oshmasin',
  'validation.imageAlt.control': 'Rasm tavsifi bir qatorli matn bo‘lishi kerak',
  'validation.imageAlt.tooMany': 'Rasm tavsiflari rasmlardan ko‘p bo‘lmasin',
  'validation.skills.item': 'Ko‘nikma matn bo‘lishi kerak',
  'validation.skills.itemTooLong': 'Ko‘nikma {max} belgidan oshmasin',
  'validation.skills.list': 'Ko‘nikma ro‘yxati noto‘g‘ri',
  'validation.skills.tooMany': 'Ko‘pi bilan {max} ta ko‘nikma bo‘lishi mumkin',
  'validation.githubProfile.type': 'GitHub profili matn bo‘lishi kerak',
  'validation.githubProfile.tooLong': 'GitHub profili {max} belgidan oshmasin',
  'validation.githubProfile.format':
    'GitHub profili havola (https://...) yoki foydalanuvchi nomi bo‘lishi kerak',
  'validation.telegramProfile.type': 'Telegram profili matn bo‘lishi kerak',
  'validation.telegramProfile.tooLong': 'Telegram profili {max} belgidan oshmasin',
  'validation.telegramProfile.format':
    'Telegram profili havola (https://...) yoki foydalanuvchi nomi bo‘lishi kerak',
  // The token of a link from a mail (registration, password reset, a new address).
  'validation.link.incomplete': 'Havola to‘liq emas',
  'validation.link.invalid': 'Havola noto‘g‘ri',
  'validation.telegram.invalid': 'Telegram ma’lumotlari noto‘g‘ri',
  'validation.telegram.incomplete': 'Telegram ma’lumotlari to‘liq emas',
  'validation.notificationKind': 'Xabar turi noto‘g‘ri',

  'validation.title.required': 'Sarlavha kiritilishi shart',
  'validation.title.tooShort': 'Sarlavha kamida {min} belgi bo‘lsin',
  'validation.title.tooLong': 'Sarlavha {max} belgidan oshmasin',
  'validation.url.required': 'Loyiha manzili kiritilishi shart',
  'validation.url.tooLong': 'Loyiha manzili {max} belgidan oshmasin',
  'validation.url.format': 'Loyiha manzili http:// yoki https:// bilan boshlanadigan manzil bo‘lishi kerak',
  'validation.repoUrl.type': 'Repozitoriy manzili matn bo‘lishi kerak',
  'validation.repoUrl.tooLong': 'Repozitoriy manzili {max} belgidan oshmasin',
  'validation.repoUrl.format':
    'Repozitoriy manzili http:// yoki https:// bilan boshlanadigan manzil bo‘lishi kerak',
  'validation.status.value': 'Holat «draft» yoki «published» bo‘lishi kerak',
  'validation.coauthor.username': 'Foydalanuvchi nomini kiriting',
  'validation.draftId.type': 'Qoralama identifikatori noto‘g‘ri',
  'validation.technologies.required': 'Kamida bitta texnologiya kiriting',
  'validation.technologies.item': 'Texnologiya matn bo‘lishi kerak',
  'validation.technologies.itemTooLong': 'Texnologiya {max} belgidan oshmasin',
  'validation.technologies.list': 'Texnologiya ro‘yxati noto‘g‘ri',
  'validation.technologies.tooMany': 'Ko‘pi bilan {max} ta texnologiya',
  // The list's filter by technologies and its search box.
  'validation.filter.itemTooLong': 'Texnologiya nomi juda uzun',
  'validation.filter.tooMany': 'Filtrda texnologiyalar juda ko‘p',
  'validation.search.tooLong': 'Qidiruv matni {max} belgidan oshmasin',
  'validation.comment.required': 'Izoh matni kiritilishi shart',
  'validation.comment.tooLong': 'Izoh {max} belgidan oshmasin',
  'validation.comment.parent': 'Javob berilayotgan izoh noto‘g‘ri ko‘rsatilgan',

  // A profile read as a CV: its headline (a line under the name), city, links, experience, education,
  // whether the person looks for work, their affiliation and the portfolios they pin first.
  'validation.headline.type': 'Qisqacha ta’rif matn bo‘lishi kerak',
  'validation.headline.tooLong': 'Qisqacha ta’rif {max} belgidan oshmasin',
  'validation.city.unknown': 'Viloyatni ro‘yxatdan tanlang',
  'validation.website.type': 'Sayt manzili matn bo‘lishi kerak',
  'validation.website.tooLong': 'Sayt manzili {max} belgidan oshmasin',
  'validation.website.format': 'Sayt manzili http:// yoki https:// bilan boshlanadigan manzil bo‘lishi kerak',
  'validation.linkedin.type': 'LinkedIn profili matn bo‘lishi kerak',
  'validation.linkedin.tooLong': 'LinkedIn profili {max} belgidan oshmasin',
  'validation.linkedin.format':
    'LinkedIn profili https://www.linkedin.com/in/... ko‘rinishidagi havola bo‘lishi kerak',
  'validation.experience.list': 'Ish tajribasi ro‘yxati noto‘g‘ri',
  'validation.experience.tooMany': 'Ko‘pi bilan {max} ta ish joyi kiritish mumkin',
  'validation.experience.entry': 'Ish joyi ma’lumotlari noto‘g‘ri',
  'validation.experience.roleRequired': 'Lavozim kiritilishi shart',
  'validation.experience.roleTooLong': 'Lavozim {max} belgidan oshmasin',
  'validation.experience.companyRequired': 'Kompaniya nomi kiritilishi shart',
  'validation.experience.companyTooLong': 'Kompaniya nomi {max} belgidan oshmasin',
  // A job's start and end: a year and a month.
  'validation.experience.month': 'Sana yil va oy ko‘rinishida bo‘lsin, masalan 2024-09',
  'validation.experience.order': 'Ish boshlangan sana tugagan sanadan keyin bo‘lmasin',
  'validation.education.list': 'Ta’lim ro‘yxati noto‘g‘ri',
  'validation.education.tooMany': 'Ko‘pi bilan {max} ta o‘quv yurti kiritish mumkin',
  'validation.education.entry': 'Ta’lim ma’lumotlari noto‘g‘ri',
  'validation.education.schoolRequired': 'O‘quv yurti nomi kiritilishi shart',
  'validation.education.schoolTooLong': 'O‘quv yurti nomi {max} belgidan oshmasin',
  // What was studied ("Dasturiy injiniring").
  'validation.education.fieldType': 'Yo‘nalish matn bo‘lishi kerak',
  'validation.education.fieldTooLong': 'Yo‘nalish {max} belgidan oshmasin',
  'validation.education.year': 'Yil butun son bo‘lishi kerak, masalan 2020',
  'validation.education.order': 'O‘qish boshlangan yil tugagan yildan keyin bo‘lmasin',
  'validation.years.range': 'Yil {min} va {max} oralig‘ida bo‘lishi kerak',
  'validation.openToWork.type': 'Ish qidirish ma’lumotlari noto‘g‘ri',
  'validation.openToWork.status': 'Ish qidirish holati noto‘g‘ri',
  'validation.openToWork.role': 'Lavozim matn bo‘lishi kerak',
  'validation.openToWork.roleTooLong': 'Lavozim {max} belgidan oshmasin',
  'validation.openToWork.roles': 'Lavozimlar ro‘yxati noto‘g‘ri',
  'validation.openToWork.tooManyRoles': 'Ko‘pi bilan {max} ta lavozim kiritish mumkin',
  'validation.openToWork.employment': 'Bandlik turi noto‘g‘ri',
  // An affiliation: an IT Park residency, a company or a university.
  'validation.affiliation.type': 'Tashkilot ma’lumotlari noto‘g‘ri',
  'validation.affiliation.kind': 'Tashkilot turi noto‘g‘ri',
  'validation.affiliation.nameRequired': 'Tashkilot nomi kiritilishi shart',
  'validation.affiliation.nameTooLong': 'Tashkilot nomi {max} belgidan oshmasin',
  // Portfolios pinned first on the profile.
  'validation.pinned.list': 'Qadalgan portfoliolar ro‘yxati noto‘g‘ri',
  'validation.pinned.item': 'Portfolio identifikatori noto‘g‘ri',
  'validation.pinned.tooMany': 'Ko‘pi bilan {max} ta portfolio qadash mumkin',
  'validation.pinned.duplicate': 'Bir portfolio ikki marta qadalgan',
  'validation.pinned.notYours': 'Faqat o‘zingizning portfoliolaringizni qadash mumkin',

  // For checks with no message of their own. {expected} is a type (string, number, boolean, object,
  // array…), {origin} what was measured (string, array, number…), {values} and {keys} lists as sent.
  'validation.invalidType':
    '{expected, select, string {Matn kutilgan edi} number {Son kutilgan edi} boolean {true yoki false kutilgan edi} object {Obyekt kutilgan edi} array {Ro‘yxat kutilgan edi} other {Qiymat turi noto‘g‘ri}}',
  'validation.tooSmall':
    '{origin, select, string {Kamida {min} belgi bo‘lsin} array {Kamida {min} ta element bo‘lsin} other {Kamida {min} bo‘lishi kerak}}',
  'validation.tooBig':
    '{origin, select, string {Ko‘pi bilan {max} belgi bo‘lsin} array {Ko‘pi bilan {max} ta element bo‘lsin} other {Ko‘pi bilan {max} bo‘lishi mumkin}}',
  'validation.invalidFormat': 'Qiymat ko‘rinishi noto‘g‘ri',
  'validation.invalidValue': '{field} quyidagilardan biri bo‘lishi kerak: {values}',
  'validation.unrecognizedKeys': 'Noma’lum maydonlar: {keys}',
  'validation.invalid': 'Noto‘g‘ri qiymat',
} as const;
