/** Build-time configuration (Vite env), read here only. */
export const config = {
  contactEmail: import.meta.env.VITE_CONTACT_EMAIL || 'info@portfolio-master.uz',
  contactPhone: import.meta.env.VITE_CONTACT_PHONE || '+998 90 123 45 67',
  social: {
    vk: import.meta.env.VITE_SOCIAL_VK || 'https://vk.com/',
    instagram: import.meta.env.VITE_SOCIAL_INSTAGRAM || 'https://www.instagram.com/',
    facebook: import.meta.env.VITE_SOCIAL_FACEBOOK || 'https://www.facebook.com/',
    github: import.meta.env.VITE_SOCIAL_GITHUB || 'https://github.com/',
    telegram: import.meta.env.VITE_SOCIAL_TELEGRAM || 'https://t.me/',
  },
};
