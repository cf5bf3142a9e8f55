/**
 * Signing in and up, the account's settings and Telegram. `<0>…</0>` marks the words of a link inside a
 * sentence.
 */
export const webAuth = {
  'auth.loginTitle': 'Tizimga kirish',
  'auth.loginLead': 'Email yoki foydalanuvchi nomingiz va parolingizni kiriting.',
  'auth.emailOrUsername': 'Email yoki foydalanuvchi nomi',
  'auth.password': 'Parol',
  'auth.submitLogin': 'Kirish',
  'auth.noAccount': 'Hisobingiz yo‘qmi? <0>Ro‘yxatdan o‘ting</0>',
  'auth.haveAccount': 'Hisobingiz bormi? <0>Tizimga kiring</0>',
  'auth.loginLink': 'Tizimga kiring',
  'auth.loginRequiredTitle': 'Tizimga kiring',
  'auth.loginRequired': 'Bu sahifani ko‘rish uchun avval tizimga kiring.',

  'auth.verifyTitle': 'Ro‘yxatdan o‘tish',
  'auth.verifyStep': '1-qadam: email manzilingizni tasdiqlang',
  'auth.verifyLead':
    'Email manzilingizni kiriting. Unga ro‘yxatdan o‘tishni davom ettirish uchun havola yuboramiz. Havola 24 soat amal qiladi.',
  'auth.email': 'Email',
  'auth.sendLink': 'Havolani yuborish',
  'auth.sent':
    '{email} manziliga havola yuborildi. Pochtangizni (jumladan «Spam» jildini) tekshiring va xatdagi havolani oching.',
  'auth.sendAgain': 'Boshqa manzilga yuborish',

  'auth.registerTitle': 'Ro‘yxatdan o‘tish',
  'auth.registerStep': '2-qadam: hisob ma’lumotlari',
  'auth.registerLead': 'Email manzilingiz tasdiqlandi. Endi hisobingiz ma’lumotlarini to‘ldiring.',
  'auth.missingLinkTitle': 'Tasdiqlash havolasi kerak',
  'auth.missingLink':
    'Ro‘yxatdan o‘tish uchun avval email manzilingizni tasdiqlang: biz sizga havola yuboramiz, o‘sha havola sizni shu sahifaga to‘liq ma’lumot bilan qaytaradi.',
  'auth.goVerify': 'Email manzilini tasdiqlash',
  'auth.required': 'Majburiy maydonlar',
  'auth.optional': 'Qo‘shimcha ma’lumot (ixtiyoriy)',
  'auth.submitRegister': 'Ro‘yxatdan o‘tish',
  'auth.passwordHint': 'Kamida 8 belgi',
  'auth.registered': 'Xush kelibsiz! Hisobingiz yaratildi.',
  'auth.linkExpired':
    'Havola eskirgan yoki allaqachon ishlatilgan bo‘lsa, yangisini oling. <0>Email manzilini tasdiqlash</0>',

  'account.forgotLink': 'Parolni unutdingizmi?',
  'account.forgotTitle': 'Parolni tiklash',
  'account.forgotLead':
    'Hisobingiz email manzilini kiriting. Unga yangi parol o‘rnatish uchun havola yuboramiz. Havola 1 soat amal qiladi.',
  'account.sendResetLink': 'Havolani yuborish',
  'account.resetSent':
    'Agar {email} bilan hisob bo‘lsa, unga parolni tiklash havolasi yuborildi. Pochtangizni (jumladan «Spam» jildini) tekshiring.',
  'account.otherAddress': 'Boshqa manzilga yuborish',
  'account.backToLogin': 'Kirish sahifasiga qaytish',

  'account.resetTitle': 'Yangi parol o‘rnatish',
  'account.resetLead': 'Yangi parolni kiriting. Saqlangach, boshqa barcha qurilmalardagi kirishlar yopiladi.',
  'account.newPassword': 'Yangi parol',
  'account.saveNewPassword': 'Parolni saqlash',
  'account.passwordReset': 'Parolingiz yangilandi. Boshqa qurilmalardagi kirishlar yopildi.',
  'account.missingToken': 'Havola to‘liq emas. Xatdagi havolani to‘liq nusxalang yoki yangi havola so‘rang.',
  'account.askAgain': 'Yangi havola so‘rash',

  'account.confirmTitle': 'Yangi email manzil',
  'account.confirming': 'Tasdiqlanmoqda…',
  'account.confirmedTo': 'Email manzilingiz {email} ga o‘zgartirildi.',
  'account.confirmed': 'Email manzilingiz o‘zgartirildi.',
  'account.toProfile': 'Profilimga o‘tish',

  'account.settingsTitle': 'Hisob sozlamalari',
  'account.emailSection': 'Email manzilni o‘zgartirish',
  'account.emailLead':
    'Hozirgi manzil: {email}. Yangi manzilga tasdiqlash havolasini yuboramiz; manzil havola ochilgandan keyin o‘zgaradi.',
  'account.noEmailLead':
    'Hisobingizda email manzil yo‘q. Qo‘shsangiz, unga tasdiqlash havolasini yuboramiz; manzil havola ochilgandan keyin saqlanadi.',
  'account.newEmail': 'Yangi email',
  'account.currentPassword': 'Joriy parol',
  'account.sendConfirmation': 'Tasdiqlash havolasini yuborish',
  'account.confirmationSent':
    '{email} manziliga tasdiqlash havolasi yuborildi. Havolani 1 soat ichida oching.',

  'account.dataSection': 'Ma’lumotlarim',
  'account.dataLead':
    'Sayt siz haqingizda saqlayotgan hamma narsa: profil, portfoliolar, izohlar, yoqtirishlar, rasmlar ro‘yxati va kirishlar — bitta JSON faylda.',
  'account.download': 'Ma’lumotlarimni yuklab olish',
  // {name} is the downloaded file's name.
  'account.downloaded': '{name} yuklab olindi',

  'account.deleteSection': 'Hisobni o‘chirish',
  'account.deleteLead':
    'Hisobingiz bilan birga barcha portfoliolaringiz, izohlaringiz, yoqtirishlaringiz va rasmlaringiz butunlay o‘chiriladi. Buni qaytarib bo‘lmaydi.',
  'account.deleteButton': 'Hisobimni o‘chirish',
  'account.deleteConfirm':
    'Hisobingiz va undagi hamma narsa butunlay o‘chiriladi. Rostdan ham o‘chirmoqchimisiz?',
  'account.deleteOk': 'Ha, o‘chirilsin',
  'account.deleted': 'Hisobingiz o‘chirildi. Portfolio Master’dan foydalanganingiz uchun rahmat.',

  // Between a form and the Telegram button under it.
  'telegram.or': 'yoki',
  'telegram.signIn': 'Telegram orqali kirish',
  'telegram.register': 'Telegram orqali ro‘yxatdan o‘tish',
  'telegram.registerLead':
    'Telegram orqali ro‘yxatdan o‘tsangiz, email va parol shart emas: ularni keyin qo‘shishingiz mumkin.',
  'telegram.unavailable': 'Telegram tugmasi yuklanmadi: internet aloqasini tekshirib, sahifani yangilang.',
  'telegram.section': 'Telegram orqali kirish',
  'telegram.linkedLead': 'Hisobingizga Telegram bog‘langan: Telegram orqali parolsiz kira olasiz.',
  'telegram.unlinkedLead': 'Telegramni bog‘lasangiz, hisobingizga Telegram orqali parolsiz kira olasiz.',
  'telegram.link': 'Telegramni bog‘lash',
  'telegram.unlink': 'Telegramni uzish',
  'telegram.onlyWay': 'Telegram — hisobingizga kirishning yagona yo‘li. Uzishdan oldin parol o‘rnating.',
  'telegram.linked': 'Telegram hisobingizga bog‘landi.',
  'telegram.unlinked': 'Telegram hisobingizdan uzildi.',
  'telegram.confirmLead':
    'Hisobingizda parol yo‘q: bu amalni tasdiqlash uchun Telegram orqali qaytadan kiring. Shundan so‘ng amal o‘zi bajariladi.',
  'telegram.confirm': 'Telegram orqali tasdiqlash',
  'telegram.setPassword': 'Parol o‘rnatish',
  'telegram.setPasswordLead':
    'Parol o‘rnatsangiz, email (yoki foydalanuvchi nomi) va parol bilan ham kira olasiz.',
  'telegram.welcome': 'Xush kelibsiz! Hisobingiz Telegram orqali yaratildi. Profilingizni to‘ldiring.',
} as const;
