import type { Script } from '@portfolio-master/contract/script';
import { inScript, useScript } from './script';

/**
 * Every user-facing string of the web app, in Latin. Texts quoted in the product specification are kept
 * verbatim. Components read them through `useTexts()`, which gives each in the reader's script (see
 * script.ts); code outside components is handed them.
 */
export const latin = {
  appName: 'Portfolio Master',
  skipToContent: 'Asosiy qismga o‘tish',

  nav: {
    home: 'Bosh sahifa',
    create: 'Portfolio joylash',
    login: 'Kirish',
    register: 'Ro‘yxatdan o‘tish',
    logout: 'Chiqish',
    profile: 'Profil',
    following: 'Kuzatuvlar',
    saved: 'Saqlanganlar',
    about: 'Loyiha haqida',
    openMenu: 'Menyuni ochish',
    closeMenu: 'Menyuni yopish',
    mainMenu: 'Asosiy menyu',
    moderation: 'Moderatsiya',
  },

  footer: {
    contact: 'Aloqa',
    email: 'Email',
    phone: 'Telefon',
    menu: 'Menyu',
    social: 'Ijtimoiy tarmoqlar',
    aboutTitle: 'Portfolio Master haqida',
    aboutBlurb:
      'Portfolio Master — dasturchilar o‘z loyihalarini joylashtiradigan, boshqalarning ishlarini ko‘rib, yoqtirib va izoh qoldiradigan hamjamiyat sayti.',
    copyright: (year: number) => `© ${year} Portfolio Master. Barcha huquqlar himoyalangan.`,
  },

  back: 'Orqaga',

  script: {
    label: 'Yozuv',
  },

  share: {
    telegram: 'Telegramda ulashish',
  },

  telegram: {
    or: 'yoki',
    signIn: 'Telegram orqali kirish',
    register: 'Telegram orqali ro‘yxatdan o‘tish',
    registerLead:
      'Telegram orqali ro‘yxatdan o‘tsangiz, email va parol shart emas: ularni keyin qo‘shishingiz mumkin.',
    unavailable: 'Telegram tugmasi yuklanmadi: internet aloqasini tekshirib, sahifani yangilang.',
    section: 'Telegram orqali kirish',
    linkedLead: 'Hisobingizga Telegram bog‘langan: Telegram orqali parolsiz kira olasiz.',
    unlinkedLead: 'Telegramni bog‘lasangiz, hisobingizga Telegram orqali parolsiz kira olasiz.',
    link: 'Telegramni bog‘lash',
    unlink: 'Telegramni uzish',
    onlyWay: 'Telegram — hisobingizga kirishning yagona yo‘li. Uzishdan oldin parol o‘rnating.',
    linked: 'Telegram hisobingizga bog‘landi.',
    unlinked: 'Telegram hisobingizdan uzildi.',
    confirmLead:
      'Hisobingizda parol yo‘q: bu amalni tasdiqlash uchun Telegram orqali qaytadan kiring. Shundan so‘ng amal o‘zi bajariladi.',
    confirm: 'Telegram orqali tasdiqlash',
    setPassword: 'Parol o‘rnatish',
    setPasswordLead: 'Parol o‘rnatsangiz, email (yoki foydalanuvchi nomi) va parol bilan ham kira olasiz.',
    welcome: 'Xush kelibsiz! Hisobingiz Telegram orqali yaratildi. Profilingizni to‘ldiring.',
  },

  offline: {
    newVersion: 'Yangi versiya bor',
    update: 'Yangilash',
  },

  feeds: {
    site: 'Portfolio Master — yangi portfoliolar',
    technology: (name: string) => `${name} — yangi portfoliolar`,
    author: (name: string) => `${name} — yangi portfoliolar`,
  },

  pagination: {
    label: 'Sahifalar',
    previous: 'Oldingi sahifa',
    next: 'Keyingi sahifa',
    page: (n: number) => `${n}-sahifa`,
  },

  users: {
    title: 'Foydalanuvchilar',
    portfolios: 'ta portfolio',
    hiddenEmail: 'Email yashirilgan',
    empty: 'Hozircha foydalanuvchilar yo‘q',
  },

  search: {
    placeholder: 'Kerakli narsani qidiring',
    label: 'Qidiruv',
    clear: 'Qidiruvni tozalash',
  },

  filter: {
    title: 'Texnologiyalar',
    show: 'Filtrni ko‘rsatish',
    hide: 'Filtrni yashirish',
    clear: 'Filtrni tozalash',
    apply: 'Filtrlash',
    empty: 'Hozircha texnologiyalar yo‘q',
  },

  list: {
    title: 'Portfoliolar',
    filterDescription: (technologies: string, total: number) =>
      `${technologies} bilan qilingan dasturchilar portfoliolari: ${total} ta loyiha. Ko‘ring, yoqtiring va izoh qoldiring.`,
    empty: 'Hozircha portfoliolar yo‘q',
    emptyFiltered: 'Bu so‘rov bo‘yicha hech narsa topilmadi',
    resetFilters: 'Barcha portfoliolarni ko‘rsatish',
    found: (n: number) => `${n} ta natija`,
    searchingFor: (q: string) => `«${q}» bo‘yicha qidiruv`,
    sortLabel: 'Saralash',
    sorts: {
      new: 'Eng yangilari',
      popular: 'Eng ko‘p yoqtirilgan',
      discussed: 'Eng ko‘p muhokama qilingan',
      trending: 'Trenddagilar',
    },
    weekBest: 'Haftaning eng yaxshilari',
  },

  card: {
    likes: 'ta yoqtirish',
    comments: 'ta izoh',
    by: 'Muallif',
    cover: (title: string) => `${title} uchun muqova`,
    image: (title: string, n: number) => `${title} — ${n}-rasm`,
  },

  portfolio: {
    like: 'Yoqdi',
    unlike: 'Yoqtirishni bekor qilish',
    likeLogin: 'Yoqtirish uchun tizimga kiring',
    project: 'Loyihani ko‘rish',
    repository: 'Kodini ko‘rish',
    technologies: 'Ishlatilgan texnologiyalar',
    description: 'Tavsif',
    noDescription: 'Tavsif yozilmagan',
    edit: 'Tahrirlash',
    delete: 'O‘chirish',
    deleteConfirm: 'Bu portfolioni o‘chirmoqchimisiz? Bu amalni ortga qaytarib bo‘lmaydi.',
    deleted: 'Portfolio o‘chirildi',
    notFoundTitle: 'Portfolio topilmadi',
    notFound: 'Bunday portfolio mavjud emas yoki o‘chirilgan.',
    sliderLabel: 'Rasmlar',
    previousImage: 'Oldingi rasm',
    nextImage: 'Keyingi rasm',
    showImage: (n: number) => `${n}-rasmni ko‘rsatish`,
    published: 'Joylangan',
    metaDescription: (title: string, author: string, used: string[]) =>
      `${author}ning «${title}» portfoliosi${used.length ? `: ${used.join(', ')}` : ''}.`,
    updated: 'Yangilangan',
  },

  admin: 'Bu foydalanuvchi admin',

  follows: {
    follow: 'Kuzatish',
    following: 'Kuzatilmoqda',
    followers: (count: number) => `${count} kuzatuvchi`,
    followingCount: (count: number) => `${count} ta kuzatilmoqda`,
    followersTitle: 'Kuzatuvchilar',
    followingTitle: 'Kuzatilayotganlar',
    noFollowers: 'Hozircha kuzatuvchilar yo‘q',
    noFollowing: 'Hozircha hech kim kuzatilmayapti',
    feedTitle: 'Kuzatuvlar',
    feedLead: 'Siz kuzatayotgan mualliflarning portfoliolari, eng yangilari birinchi.',
    feedEmpty:
      'Siz hali hech kimni kuzatmayapsiz yoki ular hali portfolio joylamagan. Mualliflar profilida «Kuzatish» tugmasini bosing.',
    browse: 'Portfoliolarni ko‘rish',
  },

  notifications: {
    title: 'Bildirishnomalar',
    bell: (unread: number) => (unread > 0 ? `Bildirishnomalar: ${unread} ta o‘qilmagan` : 'Bildirishnomalar'),
    unread: 'o‘qilmagan',
    empty:
      'Hozircha bildirishnomalar yo‘q. Portfoliolaringizga izoh yoki yoqtirish kelsa, shu yerda ko‘rinadi.',
    comment: (actor: string, title: string) => `${actor} «${title}» portfoliongizga izoh qoldirdi`,
    reply: (actor: string, title: string) => `${actor} siz izoh qoldirgan «${title}» portfoliosida yozdi`,
    like: (actor: string, others: number, title: string) =>
      `${actor}${others > 0 ? ` va yana ${others} kishi` : ''} «${title}» portfoliongizni yoqtirdi`,
    post: (actor: string, title: string) => `${actor} yangi portfolio joyladi: «${title}»`,
    settingsSection: 'Xat orqali bildirishnomalar',
    settingsLead:
      'Qaysi voqealar haqida emailingizga xat kelsin. Saytdagi bildirishnomalar har doim ko‘rinadi.',
    kinds: {
      comment: 'Portfoliomga izoh qoldirilsa',
      like: 'Portfoliom yoqtirilsa',
      reply: 'Men izoh qoldirgan joyda yangi izoh yozilsa',
      post: 'Kuzatayotgan muallifim yangi portfolio joylasa',
    },
    settingsSaved: 'Sozlamalar saqlandi',
    unsubscribeTitle: 'Xatlardan voz kechish',
    unsubscribing: 'Bajarilmoqda…',
    unsubscribed: (kind: string) =>
      `Endi «${kind}» haqida xat olmaysiz. Buni profilingizdagi hisob sozlamalarida qayta yoqishingiz mumkin.`,
  },

  report: {
    open: 'Shikoyat qilish',
    openComment: 'Izohga shikoyat qilish',
    title: 'Shikoyat qilish',
    about: {
      portfolio: (label: string) => `Portfolio: «${label}»`,
      comment: (label: string) => `Izoh: «${label}»`,
      user: (label: string) => `Foydalanuvchi: ${label}`,
    },
    reason: 'Sabab',
    reasonRequired: 'Shikoyat sababini tanlang',
    details: 'Izoh (ixtiyoriy)',
    detailsHint: (max: number) => `Ko‘pi bilan ${max} belgi`,
    submit: 'Yuborish',
    sent: 'Shikoyatingiz yuborildi. Rahmat!',
  },

  notices: {
    portfolioHidden: (reason: string) => `Bu portfolio moderator tomonidan yashirilgan. Sabab: ${reason}`,
    profileHidden: (reason: string) => `Profilingiz moderator tomonidan yashirilgan. Sabab: ${reason}`,
    blockedUntil: (date: string, reason: string) => `Sizga ${date}gacha yozish taqiqlangan. Sabab: ${reason}`,
    blockedForGood: (reason: string) => `Sizga yozish butunlay taqiqlangan. Sabab: ${reason}`,
  },

  moderation: {
    title: 'Moderatsiya',
    adminsOnly: 'Bu sahifa faqat adminlar uchun',
    adminsOnlyLead: 'Shikoyatlar, statistika va moderatsiya jurnalini faqat adminlar ko‘radi.',
    sections: 'Moderatsiya bo‘limlari',
    tabs: { reports: 'Shikoyatlar', stats: 'Statistika', audit: 'Jurnal' },
    queueStatus: 'Shikoyatlar holati',
    open: 'Ochiq',
    closed: 'Yopilgan',
    emptyOpen: 'Ochiq shikoyatlar yo‘q. Hammasi joyida!',
    emptyClosed: 'Yopilgan shikoyatlar hali yo‘q.',
    kinds: { portfolio: 'Portfolio', comment: 'Izoh', user: 'Foydalanuvchi' },
    gone: '(o‘chirilgan)',
    owner: 'Egasi',
    reportsCount: (n: number) => `${n} ta shikoyat`,
    reportsShown: (shown: number, total: number) => `Eng yangi ${shown} tasi ko‘rsatilgan (jami ${total} ta)`,
    reporter: 'Shikoyatchi',
    reportStatus: { open: 'Ochiq', resolved: 'Chora ko‘rilgan', dismissed: 'Rad etilgan' },
    hidden: (reason: string) => `Yashirilgan. Sabab: ${reason}`,
    ownerBlockedUntil: (date: string) => `Egasi ${date}gacha bloklangan`,
    ownerBlockedForGood: 'Egasi butunlay bloklangan',
    actionsFor: (label: string) => `«${label}» bo‘yicha amallar`,
    actions: {
      hide: 'Yashirish',
      unhide: 'Qayta ko‘rsatish',
      delete: 'O‘chirish',
      dismiss: 'Rad etish',
      block: 'Bloklash',
      unblock: 'Blokdan chiqarish',
    },
    confirm: {
      hide: (label: string) => `«${label}» yashiriladi: uni faqat egasi va adminlar ko‘radi.`,
      unhide: (label: string) => `«${label}» yana hammaga ko‘rinadi.`,
      delete: (label: string) => `«${label}» butunlay o‘chiriladi. Bu amalni ortga qaytarib bo‘lmaydi.`,
      dismiss: (label: string) => `«${label}» haqidagi ochiq shikoyatlar rad etiladi.`,
      block: (name: string) => `${name} portfolio, izoh va shikoyat yoza olmaydi.`,
      unblock: (name: string) => `${name} yana yoza oladi.`,
    },
    reason: 'Sabab',
    reasonHint: 'Egasiga ko‘rsatiladi',
    reasonRequired: 'Sababni yozing',
    period: 'Muddat',
    periods: { day: '1 kun', week: '7 kun', month: '30 kun', forGood: 'Butunlay' },
    done: (action: string, closed: number) =>
      closed > 0 ? `Bajarildi: ${action}. ${closed} ta shikoyat yopildi.` : `Bajarildi: ${action}.`,
    stats: {
      users: 'Foydalanuvchilar',
      portfolios: 'Portfoliolar',
      comments: 'Izohlar',
      hiddenPortfolios: 'Yashirilgan portfoliolar',
      hiddenComments: 'Yashirilgan izohlar',
      openReports: 'Ochiq shikoyatlar',
      blockedUsers: 'Bloklangan foydalanuvchilar',
      signups: 'Haftalik ro‘yxatdan o‘tishlar',
      signupsSummary: (total: number, from: string, to: string) =>
        `So‘nggi 12 haftada (${from} — ${to}) ${total} kishi ro‘yxatdan o‘tdi.`,
      week: 'Hafta',
      weekOf: (date: string, count: number) => `${date} dan boshlangan hafta: ${count} kishi`,
      count: 'Ro‘yxatdan o‘tganlar',
    },
    audit: {
      empty: 'Jurnal hozircha bo‘sh.',
      date: 'Sana',
      admin: 'Admin',
      deletedAdmin: 'O‘chirilgan admin',
      reason: 'Sabab',
      until: 'Muddat',
      untilDate: (date: string) => `${date}gacha`,
      forGood: 'Butunlay',
    },
  },

  views: {
    title: 'Ko‘rishlar',
    summary: (total: number, from: string, to: string) =>
      `So‘nggi 30 kunda (${from} — ${to}) ${total} ta noyob ko‘ruvchi. Buni faqat siz va adminlar ko‘rasiz.`,
    day: (date: string, viewers: number) => `${date}: ${viewers} ta ko‘ruvchi`,
    date: 'Sana',
    viewers: 'Noyob ko‘ruvchilar',
  },

  bookmarks: {
    save: 'Saqlash',
    saved: 'Saqlangan',
    title: 'Saqlanganlar',
    lead: 'Keyinroq o‘qish uchun saqlagan portfoliolaringiz. Ularni faqat siz ko‘rasiz.',
    empty: 'Hali hech narsa saqlamadingiz. Portfolio sahifasidagi «Saqlash» tugmasini bosing.',
  },

  likers: {
    title: 'Yoqtirganlar',
    open: (count: number) => `Yoqtirganlar (${count})`,
    more: 'Yana ko‘rsatish',
  },

  comments: {
    title: 'Izohlar',
    more: 'Ko‘proq izohlar',
    empty: 'Hozircha izohlar mavjud emas',
    loginPrompt: 'Izoh yozish uchun tizimga kiring!',
    label: 'Izohingiz',
    placeholder: 'Izoh yozing...',
    submit: 'Yuborish',
    delete: 'Izohni o‘chirish',
    deleteConfirm: 'Bu izohni o‘chirmoqchimisiz?',
    required: 'Izoh matni kiritilishi shart',
  },

  dialog: {
    title: 'Diqqat!',
    ok: 'Ha',
    cancel: 'Bekor qilish',
    close: 'Yopish',
  },

  status: {
    loading: 'Yuklanmoqda...',
    success: 'Bajarildi',
    error: 'Xatolik',
  },

  image: {
    loading: 'Rasm yuklanmoqda',
  },

  time: {
    days: (n: number) => `${n} kun avval`,
    hours: (n: number) => `${n} soat avval`,
    minutes: (n: number) => `${n} minut avval`,
    seconds: (n: number) => `${n} sekund avval`,
  },

  errors: {
    FETCH_ERROR: 'Server bilan aloqa yo‘q. Internet aloqangizni tekshirib, qayta urinib ko‘ring.',
    TIMEOUT_ERROR: 'Server juda uzoq javob bermadi. Birozdan so‘ng qayta urinib ko‘ring.',
    PARSING_ERROR: 'Serverdan kelgan javobni o‘qib bo‘lmadi.',
    http: (status: number) => `Server xatolik qaytardi (${status}).`,
    byStatus: {
      400: 'So‘rov noto‘g‘ri.',
      401: 'Avval tizimga kiring.',
      403: 'Bu amal uchun ruxsatingiz yo‘q.',
      404: 'So‘ralgan narsa topilmadi.',
      409: 'Bu ma’lumot allaqachon band.',
      413: 'Fayl juda katta.',
      415: 'Bu turdagi fayl qabul qilinmaydi.',
      422: 'Ma’lumotlarda xatolik bor.',
      429: 'Juda ko‘p urinish. Birozdan so‘ng qayta urinib ko‘ring.',
      500: 'Serverda xatolik yuz berdi. Birozdan so‘ng qayta urinib ko‘ring.',
    } as Record<number, string>,
    checkFields: 'Ma’lumotlarda xatolik bor: belgilangan maydonlarni to‘g‘rilang.',
    retry: 'Qayta urinish',
    somethingWrong: 'Nimadir noto‘g‘ri ketdi',
    sectionFailed: 'Bu bo‘limni ko‘rsatib bo‘lmadi.',
    reload: 'Sahifani yangilash',
    chunk: 'Sahifani yuklab bo‘lmadi. Internet aloqasini tekshirib, sahifani yangilang.',
  },

  notFound: {
    title: 'Sahifa topilmadi',
    code: '404',
    text: 'Siz izlagan sahifa mavjud emas yoki boshqa manzilga ko‘chirilgan.',
    home: 'Bosh sahifaga qaytish',
  },

  about: {
    title: 'Loyiha haqida',
    intro:
      'Portfolio Master — dasturchilar uchun hamjamiyat sayti. Bu yerda o‘z loyihalaringizni joylashtirasiz, boshqalarning ishlarini ko‘rasiz, yoqtirasiz va izoh qoldirasiz.',
    visitorsTitle: 'Mehmonlar uchun',
    visitors: 'Barcha portfoliolar va foydalanuvchilarni ro‘yxatdan o‘tmasdan ko‘rish mumkin.',
    membersTitle: 'A’zolar uchun',
    members:
      'Ro‘yxatdan o‘tgan foydalanuvchilar portfolio joylaydi, tahrirlaydi va o‘chiradi, boshqalarning ishlarini yoqtiradi, izoh yozadi va o‘z profilini tahrirlaydi.',
    start: 'Portfolio joylash',
    browse: 'Portfoliolarni ko‘rish',
  },

  auth: {
    loginTitle: 'Tizimga kirish',
    loginLead: 'Email yoki foydalanuvchi nomingiz va parolingizni kiriting.',
    emailOrUsername: 'Email yoki foydalanuvchi nomi',
    password: 'Parol',
    showPassword: 'Parolni ko‘rsatish',
    submitLogin: 'Kirish',
    noAccount: 'Hisobingiz yo‘qmi?',
    registerLink: 'Ro‘yxatdan o‘ting',
    haveAccount: 'Hisobingiz bormi?',
    loginLink: 'Tizimga kiring',
    loginRequiredTitle: 'Tizimga kiring',
    loginRequired: 'Bu sahifani ko‘rish uchun avval tizimga kiring.',

    verifyTitle: 'Ro‘yxatdan o‘tish',
    verifyStep: '1-qadam: email manzilingizni tasdiqlang',
    verifyLead:
      'Email manzilingizni kiriting. Unga ro‘yxatdan o‘tishni davom ettirish uchun havola yuboramiz. Havola 24 soat amal qiladi.',
    email: 'Email',
    sendLink: 'Havolani yuborish',
    sent: (email: string) =>
      `${email} manziliga havola yuborildi. Pochtangizni (jumladan «Spam» jildini) tekshiring va xatdagi havolani oching.`,
    sendAgain: 'Boshqa manzilga yuborish',

    registerTitle: 'Ro‘yxatdan o‘tish',
    registerStep: '2-qadam: hisob ma’lumotlari',
    registerLead: 'Email manzilingiz tasdiqlandi. Endi hisobingiz ma’lumotlarini to‘ldiring.',
    missingLinkTitle: 'Tasdiqlash havolasi kerak',
    missingLink:
      'Ro‘yxatdan o‘tish uchun avval email manzilingizni tasdiqlang: biz sizga havola yuboramiz, o‘sha havola sizni shu sahifaga to‘liq ma’lumot bilan qaytaradi.',
    goVerify: 'Email manzilini tasdiqlash',
    required: 'Majburiy maydonlar',
    optional: 'Qo‘shimcha ma’lumot (ixtiyoriy)',
    submitRegister: 'Ro‘yxatdan o‘tish',
    passwordHint: 'Kamida 8 belgi',
    registered: 'Xush kelibsiz! Hisobingiz yaratildi.',
    linkExpired: 'Havola eskirgan yoki allaqachon ishlatilgan bo‘lsa, yangisini oling.',
  },

  user: {
    username: 'Foydalanuvchi nomi',
    firstname: 'Ism',
    lastname: 'Familiya',
    about: 'O‘zingiz haqingizda',
    skills: 'Ko‘nikmalar',
    skillsHint: 'Vergul bilan ajrating: React, Node.js, SQL',
    github: 'GitHub profili',
    telegram: 'Telegram profili',
    avatar: 'Profil rasmi',
    chooseAvatar: 'Rasm tanlash',
    removeAvatar: 'Tanlangan rasmni olib tashlash',
    emailPublic: 'Email manzilim boshqalarga ko‘rinsin',
    profileTitle: (name: string) => `${name} — profil`,
    metaDescription: (name: string, username: string) =>
      `${name} (@${username}) — Portfolio Master’dagi dasturchi profili va portfoliolari.`,
    myProfile: 'Mening profilim',
    editProfile: 'Profilni tahrirlash',
    portfolios: 'Portfoliolari',
    myPortfolios: 'Mening portfoliolarim',
    noPortfolios: 'Hozircha portfoliolar yo‘q',
    showMore: 'Yana ko‘rsatish',
    registered: 'Ro‘yxatdan o‘tgan',
    skillsTitle: 'Ko‘nikmalar',
    notFoundTitle: 'Foydalanuvchi topilmadi',
    notFound: 'Bunday foydalanuvchi mavjud emas.',
    emailHidden: 'Email yashirilgan',
    avatarAlt: (name: string) => `${name} rasmi`,
  },

  account: {
    forgotLink: 'Parolni unutdingizmi?',
    forgotTitle: 'Parolni tiklash',
    forgotLead:
      'Hisobingiz email manzilini kiriting. Unga yangi parol o‘rnatish uchun havola yuboramiz. Havola 1 soat amal qiladi.',
    sendResetLink: 'Havolani yuborish',
    resetSent: (email: string) =>
      `Agar ${email} bilan hisob bo‘lsa, unga parolni tiklash havolasi yuborildi. Pochtangizni (jumladan «Spam» jildini) tekshiring.`,
    otherAddress: 'Boshqa manzilga yuborish',
    backToLogin: 'Kirish sahifasiga qaytish',

    resetTitle: 'Yangi parol o‘rnatish',
    resetLead: 'Yangi parolni kiriting. Saqlangach, boshqa barcha qurilmalardagi kirishlar yopiladi.',
    newPassword: 'Yangi parol',
    saveNewPassword: 'Parolni saqlash',
    passwordReset: 'Parolingiz yangilandi. Boshqa qurilmalardagi kirishlar yopildi.',
    missingToken: 'Havola to‘liq emas. Xatdagi havolani to‘liq nusxalang yoki yangi havola so‘rang.',
    askAgain: 'Yangi havola so‘rash',

    confirmTitle: 'Yangi email manzil',
    confirming: 'Tasdiqlanmoqda…',
    confirmed: (email: string | null) =>
      email ? `Email manzilingiz ${email} ga o‘zgartirildi.` : 'Email manzilingiz o‘zgartirildi.',
    toProfile: 'Profilimga o‘tish',

    settingsTitle: 'Hisob sozlamalari',
    emailSection: 'Email manzilni o‘zgartirish',
    emailLead: (email: string) =>
      `Hozirgi manzil: ${email}. Yangi manzilga tasdiqlash havolasini yuboramiz; manzil havola ochilgandan keyin o‘zgaradi.`,
    noEmailLead:
      'Hisobingizda email manzil yo‘q. Qo‘shsangiz, unga tasdiqlash havolasini yuboramiz; manzil havola ochilgandan keyin saqlanadi.',
    newEmail: 'Yangi email',
    currentPassword: 'Joriy parol',
    sendConfirmation: 'Tasdiqlash havolasini yuborish',
    confirmationSent: (email: string) =>
      `${email} manziliga tasdiqlash havolasi yuborildi. Havolani 1 soat ichida oching.`,

    dataSection: 'Ma’lumotlarim',
    dataLead:
      'Sayt siz haqingizda saqlayotgan hamma narsa: profil, portfoliolar, izohlar, yoqtirishlar, rasmlar ro‘yxati va kirishlar — bitta JSON faylda.',
    download: 'Ma’lumotlarimni yuklab olish',
    downloaded: (name: string) => `${name} yuklab olindi`,

    deleteSection: 'Hisobni o‘chirish',
    deleteLead:
      'Hisobingiz bilan birga barcha portfoliolaringiz, izohlaringiz, yoqtirishlaringiz va rasmlaringiz butunlay o‘chiriladi. Buni qaytarib bo‘lmaydi.',
    deleteButton: 'Hisobimni o‘chirish',
    deleteConfirm: 'Hisobingiz va undagi hamma narsa butunlay o‘chiriladi. Rostdan ham o‘chirmoqchimisiz?',
    deleteOk: 'Ha, o‘chirilsin',
    deleted: 'Hisobingiz o‘chirildi. Portfolio Master’dan foydalanganingiz uchun rahmat.',
  },

  profileEdit: {
    title: 'Profilni tahrirlash',
    passwordSection: 'Parolni o‘zgartirish',
    passwordLead: 'Parolni o‘zgartirmoqchi bo‘lmasangiz, bu maydonlarni bo‘sh qoldiring.',
    currentPassword: 'Joriy parol',
    newPassword: 'Yangi parol',
    save: 'Saqlash',
    saved: 'O‘zgarishlar saqlandi',
    cancel: 'Bekor qilish',
  },

  portfolioForm: {
    createTitle: 'Portfolio joylash',
    editTitle: 'Portfolioni tahrirlash',
    title: 'Sarlavha',
    url: 'Loyiha manzili',
    urlHint: 'https:// bilan boshlanadigan manzil',
    repoUrl: 'Repozitoriy manzili (ixtiyoriy)',
    used: 'Texnologiyalar',
    usedHint: 'Vergul bilan ajrating: React, TypeScript, Node.js',
    description: 'Tavsif',
    descriptionHint: 'Markdown qo‘llab-quvvatlanadi: **qalin**, _kursiv_, ro‘yxatlar, havolalar, `kod`.',
    images: 'Rasmlar',
    imagesHint: (max: number) =>
      `Ko‘pi bilan ${max} ta rasm (JPEG, PNG, WebP, GIF yoki AVIF, har biri 10 MB gacha). Rasm bo‘lmasa, chiroyli muqova avtomatik yaratiladi.`,
    drop: 'Rasmlarni shu yerga tashlang yoki',
    choose: 'fayl tanlang',
    tooMany: (max: number) => `Ko‘pi bilan ${max} ta rasm yuklash mumkin`,
    notImage: (name: string) => `${name} rasm emas`,
    tooBig: (name: string) => `${name} 10 MB dan katta`,
    moveLeft: 'Oldinga surish',
    moveRight: 'Orqaga surish',
    remove: 'Olib tashlash',
    first: 'Muqova',
    submitCreate: 'Joylash',
    submitEdit: 'Saqlash',
    uploading: (percent: number) => `Yuklanmoqda: ${percent}%`,
    created: 'Portfolio joylandi',
    saved: 'O‘zgarishlar saqlandi',
    forbidden: 'Bu portfolioni faqat uning muallifi yoki admin tahrirlay oladi.',
    newImage: 'yangi',
  },
} as const;

export type Texts = typeof latin;

/** Every text in `script`. */
export function textsIn(script: Script): Texts {
  return inScript(latin, script);
}

/** Every text in the script of the page being rendered. */
export function useTexts(): Texts {
  return textsIn(useScript());
}
