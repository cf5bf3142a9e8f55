/**
 * The mails the site sends: a subject, paragraphs and a button. What people gave ({email}, {username},
 * {name}, {title}, {comment}) and addresses ({link}) go in as written. A mail answering someone's own
 * request is written in that request's language; a notification in the language its recipient last read
 * the site in.
 */
export const mails = {
  'mail.greeting': 'Assalomu alaykum!',
  // Under the button, above its address written out.
  'mail.buttonFallback': 'Tugma ishlamasa, havolani brauzerga nusxalang:',
  'mail.notYou': 'Agar bu siz bo‘lmasangiz, hech narsa qilishingiz shart emas.',
  'mail.signIn': 'Tizimga kirish',

  'mail.verification.subject': 'Portfolio Master: email manzilingizni tasdiqlang',
  'mail.verification.body':
    'Portfolio Master’da ro‘yxatdan o‘tishni davom ettirish uchun quyidagi havolani oching. Havola 24 soat amal qiladi va faqat bir marta ishlatiladi.',
  'mail.verification.action': 'Ro‘yxatdan o‘tishni davom ettirish',
  'mail.verification.ignore':
    'Agar siz ro‘yxatdan o‘tmoqchi bo‘lmagan bo‘lsangiz, bu xatni e’tiborsiz qoldiring.',
  // Someone signed up with an address that already has an account.
  'mail.alreadyRegistered.subject': 'Portfolio Master: sizda allaqachon hisob bor',
  'mail.alreadyRegistered.body':
    'Kimdir shu email manzili bilan ro‘yxatdan o‘tmoqchi bo‘ldi, lekin bu manzil bilan hisob allaqachon mavjud. Tizimga kirish uchun quyidagi havolani oching.',

  'mail.passwordReset.subject': 'Portfolio Master: parolni tiklash',
  'mail.passwordReset.body':
    'Hisobingiz uchun parolni tiklash so‘raldi. Yangi parol o‘rnatish uchun quyidagi havolani oching. Havola 1 soat amal qiladi va faqat bir marta ishlatiladi.',
  'mail.passwordReset.action': 'Yangi parol o‘rnatish',
  'mail.passwordReset.ignore':
    'Agar buni siz so‘ramagan bo‘lsangiz, bu xatni e’tiborsiz qoldiring: parolingiz o‘zgarmaydi.',
  // A password reset was asked for an address with no account.
  'mail.noAccount.subject': 'Portfolio Master: bu manzil bilan hisob yo‘q',
  'mail.noAccount.body':
    'Kimdir shu email manzili uchun parolni tiklashni so‘radi, lekin Portfolio Master’da bu manzil bilan hisob yo‘q. Ro‘yxatdan o‘tmoqchi bo‘lsangiz, quyidagi havolani oching.',
  'mail.noAccount.action': 'Ro‘yxatdan o‘tish',
  'mail.passwordChanged.subject': 'Portfolio Master: parolingiz o‘zgartirildi',
  'mail.passwordChanged.body':
    'Hisobingiz paroli hozirgina o‘zgartirildi va boshqa barcha qurilmalardagi kirishlar yopildi.',
  'mail.passwordChanged.action': 'Parolni tiklash',
  'mail.passwordChanged.notYou': 'Agar buni siz qilmagan bo‘lsangiz, darhol parolni qayta tiklang.',

  // Sent to the new address an account asks to move to.
  'mail.emailChange.subject': 'Portfolio Master: yangi email manzilni tasdiqlang',
  'mail.emailChange.body':
    'Portfolio Master hisobingiz email manzilini shu manzilga o‘zgartirish so‘raldi. Tasdiqlash uchun quyidagi havolani oching. Havola 1 soat amal qiladi va faqat bir marta ishlatiladi.',
  'mail.emailChange.action': 'Yangi manzilni tasdiqlash',
  'mail.emailChange.ignore': 'Agar buni siz so‘ramagan bo‘lsangiz, bu xatni e’tiborsiz qoldiring.',
  // Sent instead when the new address already has an account of its own.
  'mail.emailInUse.subject': 'Portfolio Master: bu manzil band',
  'mail.emailInUse.body':
    'Boshqa bir hisobning email manzilini shu manzilga o‘zgartirish so‘raldi, lekin bu manzil bilan hisob allaqachon mavjud, shuning uchun hech narsa o‘zgarmadi.',
  // Sent to the old address once the move is done; {email} is the new one.
  'mail.emailChanged.subject': 'Portfolio Master: email manzilingiz o‘zgartirildi',
  'mail.emailChanged.body':
    'Hisobingiz email manzili {email} ga o‘zgartirildi. Bundan keyin xatlar va parolni tiklash havolalari shu manzilga boradi.',
  'mail.emailChanged.notYou':
    'Agar buni siz qilmagan bo‘lsangiz, saytning pastidagi manzil orqali darhol xabar bering.',
  'mail.accountDeleted.subject': 'Portfolio Master: hisobingiz o‘chirildi',
  'mail.accountDeleted.body':
    '@{username} hisobi va undagi barcha portfoliolar, izohlar, yoqtirishlar va rasmlar o‘chirildi. Portfolio Master’dan foydalanganingiz uchun rahmat.',

  // Notifications. {name} is who did it, {title} the portfolio's, {comment} the start of a comment.
  'mail.comment.subject': 'Portfolio Master: «{title}» portfoliongizga izoh',
  'mail.comment.line': '{name} «{title}» portfoliongizga izoh qoldirdi: «{comment}»',
  'mail.comment.action': 'Izohni ko‘rish',
  'mail.reply.subject': 'Portfolio Master: «{title}» muhokamasida yangi izoh',
  'mail.reply.line': '{name} siz izoh qoldirgan «{title}» portfoliosida yozdi: «{comment}»',
  'mail.reply.action': 'Muhokamani ko‘rish',
  'mail.mention.subject': 'Portfolio Master: {name} sizni eslatib o‘tdi',
  'mail.mention.line': '{name} sizni «{title}» portfoliosidagi izohda eslatib o‘tdi: «{comment}»',
  'mail.mention.lineDescription': '{name} sizni «{title}» portfoliosi tavsifida eslatib o‘tdi.',
  'mail.like.subject': 'Portfolio Master: «{title}» portfoliongiz yoqdi',
  // {others}: how many more liked it since the one named.
  'mail.like.line':
    '{name}{others, plural, =0 {} other { va yana # kishi}} «{title}» portfoliongizni yoqtirdi.',
  'mail.post.subject': 'Portfolio Master: {name} yangi portfolio joyladi',
  'mail.post.line': 'Siz kuzatayotgan {name} yangi portfolio joyladi: «{title}».',
  'mail.viewPortfolio': 'Portfolioni ko‘rish',
  // The last line of every notification; {link} turns this kind of mail off.
  'mail.unsubscribe': 'Bunday xatlarni olishni istamasangiz, bir bosishda to‘xtating: {link}',
} as const;
