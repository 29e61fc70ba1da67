import { createTranslator, type Language } from 'shared-contracts';

const en = {
  headline: 'Join the community, get Premium free',
  cardTitle: 'Join the {product} community and claim your Premium reward',
  steps: 'How to claim',
  step1: 'Tap "Join now" and sign in to your community account',
  step2: 'Authorize {product} and join our community server',
  step3: 'Come back to the app: your Premium reward is issued automatically',
  join: 'Join now',
  loadingTitle: 'Checking community join status...',
  uid: 'UID: {uid}',
  successTitle: 'Reward Claimed Successfully!',
  successMessage: 'Community joined and reward issued!',
  successDescription: 'Tap "Cloud" at bottom to check membership status.',
  tip: 'Rewards are sent automatically after account verification. If you have not received yours, restart the app and check again.',
  errorDefault: 'Failed to join the community. Please try joining again.',
  errorNoUser: 'Unable to obtain user information, please log in to the app first.',
  errorReceived: 'You have already claimed this reward and cannot claim it again.',
  errorCommunityReceived:
    'This community account has already claimed the reward and cannot claim it again.',
};

export type TextKey = keyof typeof en;

/** Simplified Chinese. */
const zh: Record<TextKey, string> = {
  headline: '加入社区 免费领高级会员',
  cardTitle: '加入 {product} 社区，领取高级会员奖励',
  steps: '领取步骤',
  step1: '点击“立即加入”，登录你的社区账号',
  step2: '授权 {product} 并加入我们的社区服务器',
  step3: '返回 App，高级会员奖励将自动发放',
  join: '立即加入',
  loadingTitle: '正在检查社区加入状态...',
  uid: '用户 UID：{uid}',
  successTitle: '奖励领取成功！',
  successMessage: '已加入社区，奖励已发放！',
  successDescription: '点击底部的“云盘”查看会员状态。',
  tip: '账号验证通过后，奖励将自动发放。如未收到，请重启 App 后再次查看。',
  errorDefault: '加入社区失败，请重新尝试加入。',
  errorNoUser: '无法获取用户信息，请先登录 App。',
  errorReceived: '你已领取过该奖励，无法重复领取。',
  errorCommunityReceived: '该社区账号已领取过奖励，无法重复领取。',
};

/** Traditional Chinese (the product's zhCHS: zh-TW, zh-HK, zh-MO). */
const zhCHS: Record<TextKey, string> = {
  headline: '加入社群 免費領進階會員',
  cardTitle: '加入 {product} 社群，領取進階會員獎勵',
  steps: '領取步驟',
  step1: '點擊「立即加入」，登入你的社群帳號',
  step2: '授權 {product} 並加入我們的社群伺服器',
  step3: '返回 App，進階會員獎勵將自動發放',
  join: '立即加入',
  loadingTitle: '正在檢查社群加入狀態...',
  uid: '使用者 UID：{uid}',
  successTitle: '獎勵領取成功！',
  successMessage: '已加入社群，獎勵已發放！',
  successDescription: '點擊底部的「雲端」查看會員狀態。',
  tip: '帳號驗證通過後，獎勵將自動發放。如未收到，請重新啟動 App 後再次查看。',
  errorDefault: '加入社群失敗，請重新嘗試加入。',
  errorNoUser: '無法取得使用者資訊，請先登入 App。',
  errorReceived: '你已領取過此獎勵，無法重複領取。',
  errorCommunityReceived: '此社群帳號已領取過獎勵，無法重複領取。',
};

/** Every text of the invite page, complete in en, zh and zhCHS. */
export function translatorFor(language: Language) {
  return createTranslator<TextKey>({ en, zh, zhCHS }, language);
}
