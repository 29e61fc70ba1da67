import { createTranslator, type Dictionaries, type Language } from 'shared-contracts';

export type LoginTextKey =
  | 'welcome'
  | 'google'
  | 'apple'
  | 'agreePrefix'
  | 'agreeAnd'
  | 'agreeSuffix'
  | 'userAgreement'
  | 'privacyPolicy'
  | 'close'
  | 'success'
  | 'popupBlocked'
  | 'failed'
  | 'network'
  | 'signingIn';

/** The login sheet in en, zh (Simplified) and zhCHS (the product's name for Traditional). */
export const LOGIN_TEXTS: Dictionaries<LoginTextKey> = {
  en: {
    welcome: 'Welcome',
    google: 'Log in with Google',
    apple: 'Log in with Apple ID',
    agreePrefix: 'By continuing, you agree to our ',
    agreeAnd: ' and ',
    agreeSuffix: '.',
    userAgreement: 'User Agreement',
    privacyPolicy: 'Privacy Policy',
    close: 'Close',
    success: 'Login Success',
    popupBlocked: 'Please allow pop-ups for this site to log in.',
    failed: 'Login failed, please try again.',
    network: 'Could not reach the sign-in service. Check your connection and try again.',
    signingIn: 'Logging in…',
  },
  zh: {
    welcome: '欢迎',
    google: '使用 Google 登录',
    apple: '使用 Apple ID 登录',
    agreePrefix: '继续即表示您同意我们的',
    agreeAnd: '和',
    agreeSuffix: '。',
    userAgreement: '《用户协议》',
    privacyPolicy: '《隐私政策》',
    close: '关闭',
    success: '登录成功',
    popupBlocked: '请允许本网站打开弹出窗口以完成登录。',
    failed: '登录失败，请重试。',
    network: '无法连接登录服务，请检查网络后重试。',
    signingIn: '正在登录…',
  },
  zhCHS: {
    welcome: '歡迎',
    google: '使用 Google 登入',
    apple: '使用 Apple ID 登入',
    agreePrefix: '繼續即表示您同意我們的',
    agreeAnd: '和',
    agreeSuffix: '。',
    userAgreement: '《使用者協議》',
    privacyPolicy: '《隱私權政策》',
    close: '關閉',
    success: '登入成功',
    popupBlocked: '請允許本網站開啟彈出式視窗以完成登入。',
    failed: '登入失敗，請重試。',
    network: '無法連線至登入服務，請檢查網路後再試一次。',
    signingIn: '正在登入…',
  },
};

export const loginTranslator = (language: Language) => createTranslator(LOGIN_TEXTS, language);
