import type { Translation } from '../types.js';
import type { webPeople as source } from '../uz-Latn/web-people.js';

export const webPeople = {
  'users.title': 'Участники',
  'users.portfolios':
    '{count, plural, one {# портфолио} few {# портфолио} many {# портфолио} other {# портфолио}}',
  'users.hiddenEmail': 'Почта скрыта',
  'users.empty': 'Пока нет ни одного участника',

  'user.username': 'Имя пользователя',
  'user.firstname': 'Имя',
  'user.lastname': 'Фамилия',
  'user.about': 'О себе',
  'user.skills': 'Навыки',
  'user.skillsHint': 'Через запятую: React, Node.js, SQL',
  'user.github': 'Профиль на GitHub',
  'user.telegram': 'Профиль в Telegram',
  'user.avatar': 'Фото профиля',
  'user.chooseAvatar': 'Выбрать фото',
  'user.removeAvatar': 'Убрать выбранное фото',
  'user.emailPublic': 'Показывать мою почту другим',
  'user.profileTitle': '{name} — профиль',
  'user.metaDescription': '{name} (@{username}) — профиль разработчика и его портфолио на Portfolio Master.',
  'user.myProfile': 'Мой профиль',
  'user.editProfile': 'Редактировать профиль',
  'user.portfolios': 'Портфолио ({count})',
  'user.myPortfolios': 'Мои портфолио ({count})',
  'user.noPortfolios': 'Пока нет ни одного портфолио',
  'user.showMore': 'Показать ещё',
  'user.registered': 'Зарегистрирован(а)',
  'user.skillsTitle': 'Навыки',
  'user.notFoundTitle': 'Пользователь не найден',
  'user.notFound': 'Такого пользователя нет.',
  'user.emailHidden': 'Почта скрыта',
  'user.avatarAlt': 'Фото: {name}',
  'user.isAdmin': 'Этот пользователь — администратор',

  'follows.follow': 'Подписаться',
  'follows.following': 'Вы подписаны',
  'follows.followers':
    '{count, plural, one {# подписчик} few {# подписчика} many {# подписчиков} other {# подписчика}}',
  'follows.followingCount':
    '{count, plural, one {# подписка} few {# подписки} many {# подписок} other {# подписки}}',
  'follows.followersTitle': 'Подписчики',
  'follows.followingTitle': 'Подписки',
  'follows.noFollowers': 'Подписчиков пока нет',
  'follows.noFollowing': 'Подписок пока нет',
  'follows.feedTitle': 'Подписки',
  'follows.feedLead': 'Портфолио авторов, на которых вы подписаны, сначала новые.',
  'follows.feedEmpty':
    'Вы пока ни на кого не подписаны, или эти авторы ещё ничего не опубликовали. Нажмите «Подписаться» в профиле автора.',
  'follows.browse': 'Смотреть портфолио',

  'profileEdit.title': 'Редактировать профиль',
  'profileEdit.passwordSection': 'Смена пароля',
  'profileEdit.passwordLead': 'Если не хотите менять пароль, оставьте эти поля пустыми.',
  'profileEdit.currentPassword': 'Текущий пароль',
  'profileEdit.newPassword': 'Новый пароль',
  'profileEdit.save': 'Сохранить',
  'profileEdit.saved': 'Изменения сохранены',
  'profileEdit.cancel': 'Отмена',
} satisfies Translation<typeof source>;
