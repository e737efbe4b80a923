/** Every key the SPA keeps in local storage (spec 000 section 3), in one place. */
export const storageKeys = {
  authToken: 'authToken',
  authUser: 'authUser',
  userMapper: 'userMapper',
  themeMode: 'themeMode',
  /** The tenant's name, colour and logo as last seen on this site (local storage is per origin). */
  tenantBrand: 'tenantBrand',
  adminEditMode: 'adminEditMode',
  tutorEditMode: 'tutorEditMode',
  tutorHomeworkMode: 'tutorHomeworkMode',
  leadModal: 'leadModal',
  /** The discount banner (headerContents discountBanner) dismissed on this device: 'dismissed'. */
  bannerStatus: 'bannerStatus',
  /**
   * A payment on its way through the checkout (session storage): what the page it comes back to waits for
   * (web/src/lib/billing.ts).
   */
  pendingPayment: 'pendingPayment',
  selectedDashboardCurriculum: 'selectedDashboardCurriculum',
  onboardingUserId: 'onboardingUserId',
} as const;
