/** The web app's frame: navigation, footer, dialogs, statuses, errors, the 404 and the about page. */
export const webCommon = {
  'nav.home': 'Bosh sahifa',
  'nav.create': 'Portfolio joylash',
  'nav.login': 'Kirish',
  'nav.register': 'Ro‘yxatdan o‘tish',
  'nav.logout': 'Chiqish',
  'nav.profile': 'Profil',
  'nav.following': 'Kuzatuvlar',
  'nav.saved': 'Saqlanganlar',
  'nav.about': 'Loyiha haqida',
  'nav.openMenu': 'Menyuni ochish',
  'nav.closeMenu': 'Menyuni yopish',
  'nav.mainMenu': 'Asosiy menyu',
  'nav.moderation': 'Moderatsiya',
  'nav.back': 'Orqaga',

  'footer.contact': 'Aloqa',
  'footer.email': 'Email',
  'footer.phone': 'Telefon',
  'footer.menu': 'Menyu',
  'footer.social': 'Ijtimoiy tarmoqlar',
  'footer.aboutTitle': 'Portfolio Master haqida',

  'share.telegram': 'Telegramda ulashish',
  // Cards other sites show (decision 42) and the CV's other forms (decision 41), offered on profiles and portfolios.
  'share.embed.profile': 'README uchun nishon',
  'share.embed.portfolio': 'Saytingizga joylash',
  'share.embed.markdown': 'Markdown (GitHub README)',
  'share.embed.picture': 'HTML (GitHub’ning tungi mavzusiga moslashadi)',
  'share.embed.iframe': 'HTML (iframe)',
  'share.embed.address': 'Manzil (Notion, Medium va oEmbed’ni taniydigan saytlar o‘zi ochadi)',
  'share.copy': 'Nusxalash',
  'share.copied': 'Nusxalandi',
  'share.copyFailed': 'Nusxalab bo‘lmadi: matnni belgilab, o‘zingiz nusxalang',
  'resume.title': 'Rezyume',
  'resume.page': 'Chop etishga tayyor sahifa',
  'resume.pdf': 'PDF',
  'resume.json': 'JSON Resume',

  'offline.newVersion': 'Yangi versiya bor',
  'offline.update': 'Yangilash',

  // Titles of the Atom feeds a page links to; {name} is a technology or an author.
  'feeds.site': 'Portfolio Master — yangi portfoliolar',
  'feeds.technology': '{name} — yangi portfoliolar',
  'feeds.author': '{name} — yangi portfoliolar',

  'pagination.label': 'Sahifalar',
  'pagination.previous': 'Oldingi sahifa',
  'pagination.next': 'Keyingi sahifa',
  'pagination.page': '{page}-sahifa',

  'search.placeholder': 'Kerakli narsani qidiring',
  'search.label': 'Qidiruv',
  'search.clear': 'Qidiruvni tozalash',

  'dialog.title': 'Diqqat!',
  'dialog.ok': 'Ha',
  'dialog.cancel': 'Bekor qilish',
  'dialog.close': 'Yopish',

  'status.loading': 'Yuklanmoqda...',
  'status.success': 'Bajarildi',
  'status.error': 'Xatolik',

  'image.loading': 'Rasm yuklanmoqda',

  // How long ago something was posted or written.
  'time.seconds': '{count, plural, other {# sekund avval}}',
  'time.minutes': '{count, plural, other {# minut avval}}',
  'time.hours': '{count, plural, other {# soat avval}}',
  'time.days': '{count, plural, other {# kun avval}}',
  'time.months': '{count, plural, other {# oy avval}}',
  'time.years': '{count, plural, other {# yil avval}}',

  'errors.fetch': 'Server bilan aloqa yo‘q. Internet aloqangizni tekshirib, qayta urinib ko‘ring.',
  'errors.timeout': 'Server juda uzoq javob bermadi. Birozdan so‘ng qayta urinib ko‘ring.',
  'errors.parsing': 'Serverdan kelgan javobni o‘qib bo‘lmadi.',
  // An HTTP status the server answered without a message of its own.
  'errors.http': 'Server xatolik qaytardi ({status}).',
  'errors.badRequest': 'So‘rov noto‘g‘ri.',
  'errors.unauthorized': 'Avval tizimga kiring.',
  'errors.forbidden': 'Bu amal uchun ruxsatingiz yo‘q.',
  'errors.notFound': 'So‘ralgan narsa topilmadi.',
  'errors.conflict': 'Bu ma’lumot allaqachon band.',
  'errors.tooLarge': 'Fayl juda katta.',
  'errors.unsupportedType': 'Bu turdagi fayl qabul qilinmaydi.',
  'errors.invalid': 'Ma’lumotlarda xatolik bor.',
  'errors.tooManyRequests': 'Juda ko‘p urinish. Birozdan so‘ng qayta urinib ko‘ring.',
  'errors.server': 'Serverda xatolik yuz berdi. Birozdan so‘ng qayta urinib ko‘ring.',
  'errors.checkFields': 'Ma’lumotlarda xatolik bor: belgilangan maydonlarni to‘g‘rilang.',
  'errors.retry': 'Qayta urinish',
  'errors.somethingWrong': 'Nimadir noto‘g‘ri ketdi',
  'errors.sectionFailed': 'Bu bo‘limni ko‘rsatib bo‘lmadi.',
  'errors.reload': 'Sahifani yangilash',
  'errors.chunk': 'Sahifani yuklab bo‘lmadi. Internet aloqasini tekshirib, sahifani yangilang.',

  'notFound.title': 'Sahifa topilmadi',
  'notFound.text': 'Siz izlagan sahifa mavjud emas yoki boshqa manzilga ko‘chirilgan.',
  'notFound.home': 'Bosh sahifaga qaytish',

  'about.title': 'Loyiha haqida',
  'about.intro':
    'Portfolio Master — dasturchilar uchun hamjamiyat sayti. Bu yerda o‘z loyihalaringizni joylashtirasiz, boshqalarning ishlarini ko‘rasiz, yoqtirasiz va izoh qoldirasiz.',
  'about.visitorsTitle': 'Mehmonlar uchun',
  'about.visitors': 'Barcha portfoliolar va foydalanuvchilarni ro‘yxatdan o‘tmasdan ko‘rish mumkin.',
  'about.membersTitle': 'A’zolar uchun',
  'about.members':
    'Ro‘yxatdan o‘tgan foydalanuvchilar portfolio joylaydi, tahrirlaydi va o‘chiradi, boshqalarning ishlarini yoqtiradi, izoh yozadi va o‘z profilini tahrirlaydi.',
  'about.start': 'Portfolio joylash',
  'about.browse': 'Portfoliolarni ko‘rish',
} as const;
