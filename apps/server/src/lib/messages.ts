import type { FastifyRequest } from 'fastify';

/**
 * Messages the server sends for people to read (the client shows them as sent). Chinese unless
 * the request asks for English.
 */
const zh = {
  InvalidCredentials: '用户名或密码错误',
  AccountDisabled: '该账号已被停用，请联系门店管理员',
  LoginThrottled: '登录失败次数过多，请 {minutes} 分钟后再试',
  RefreshTokenInvalid: '登录已失效，请重新登录',
  WrongCurrentPassword: '当前密码不正确',
  SamePassword: '新密码不能与当前密码相同',
  RealNameMismatch: '该手机号已登记的姓名与您输入的不一致，请核对或联系门店',
  WeChatNotConfigured: '微信登录未配置，请使用手机号登录',
  WeChatNotBound: '微信账号未绑定，请先绑定',
  WeChatAlreadyBound: '该微信已绑定其他账号',
  WeChatFailed: '微信服务暂时不可用，请稍后重试',
  WeChatAuthExpired: '微信授权已过期，请重新进行微信登录',
  UserNotFound: '用户不存在',
  DuplicateUserName: '用户名已存在',
  DuplicateEmail: '邮箱已被使用',
  DuplicatePhone: '手机号已被使用',
  NotYourStore: '只能管理本门店的员工',
  RoleNotAssignable: '您不能分配该角色：{role}',
  StoreNotFound: '门店不存在',
  CannotDeactivateSelf: '不能停用自己的账号',
  EquipmentNotFound: '设备不存在',
  CategoryNotFound: '设备分类不存在',
  DuplicateBarcode: '条码 {barcode} 已被其他设备使用',
  EquipmentOtherStore: '该设备属于{store}，您只能操作本门店的设备',
  IllegalTransition: '当前状态（{from}）不能{action}',
  EquipmentUnavailable: '该设备在 {start} 至 {end} 已被占用',
  NoOrderLock: '该设备没有被此订单锁定',
  InvalidAttributeValue: '属性“{name}”的值无效：{value}',
  AttributeRequired: '请填写属性“{name}”',
  StockOutDone: '出库成功',
  StockInDone: '入库成功',
  EarlyReturnDone: '提前归还成功，设备已解锁',
  StatusChanged: '状态已更新',
  TransferStarted: '已发起调拨，等待{store}确认入库',
  UnavailableTimeNotFound: '不可用时段不存在',
  EquipmentStoreNotYours: '只能为本门店登记设备',
  FileNotFound: '文件不存在',
  FileTypeNotAllowed: '不支持的文件类型，请上传 JPG、PNG、WebP、GIF 图片或 PDF',
  ImageRequired: '这里只能上传图片（JPG、PNG、WebP、GIF）',
  ImageUnreadable: '图片已损坏或格式不受支持',
  FileTooLarge: '文件太大，最大 {size} MB',
  FileMissing: '请选择要上传的文件',
  FileNotYours: '只能删除自己上传的文件',
  TooManyImages: '每件设备最多 {max} 张图片',
  NotEnoughStock: '库存不足：当前 {quantity}{unit}，不能减少 {amount}{unit}',
  SmallEquipmentNotFound: '小件设备不存在',
  DuplicateSmallEquipment: '本店已有同名小件设备',
};
type Key = keyof typeof zh;
const en: Record<Key, string> = {
  InvalidCredentials: 'Wrong user name or password',
  AccountDisabled: 'This account is deactivated; please contact the store manager',
  LoginThrottled: 'Too many failed sign-ins. Please try again in {minutes} minutes',
  RefreshTokenInvalid: 'Your session has ended, please log in again',
  WrongCurrentPassword: 'The current password is wrong',
  SamePassword: 'The new password must differ from the current one',
  RealNameMismatch:
    'The name registered for this phone number differs from the one you entered; please check it or contact the store',
  WeChatNotConfigured: 'WeChat sign-in is not configured; please use your phone number',
  WeChatNotBound: 'WeChat account not bound, please bind first',
  WeChatAlreadyBound: 'This WeChat account is bound to another user',
  WeChatFailed: 'WeChat is not answering, please retry later',
  WeChatAuthExpired: 'The WeChat authorisation has expired; please sign in with WeChat again',
  UserNotFound: 'User not found',
  DuplicateUserName: 'This user name is taken',
  DuplicateEmail: 'This e-mail address is in use',
  DuplicatePhone: 'This phone number is in use',
  NotYourStore: 'You can only manage employees of your own store',
  RoleNotAssignable: 'You may not assign the role {role}',
  StoreNotFound: 'Store not found',
  CannotDeactivateSelf: 'You cannot deactivate your own account',
  EquipmentNotFound: 'Equipment not found',
  CategoryNotFound: 'Equipment category not found',
  DuplicateBarcode: 'Barcode {barcode} is already used by another item',
  EquipmentOtherStore:
    "This item belongs to {store}; you may only operate on your own store's equipment",
  IllegalTransition: 'An item that is {from} cannot be {action}',
  EquipmentUnavailable: 'This item is already taken from {start} to {end}',
  NoOrderLock: 'This item is not locked for that order',
  InvalidAttributeValue: 'Invalid value for "{name}": {value}',
  AttributeRequired: 'Please fill in "{name}"',
  StockOutDone: 'Checked out',
  StockInDone: 'Checked in',
  EarlyReturnDone: 'Returned early; the item is unlocked',
  StatusChanged: 'Status updated',
  TransferStarted: 'Transfer started; {store} confirms it by checking the item in',
  UnavailableTimeNotFound: 'Unavailable time not found',
  EquipmentStoreNotYours: 'You can only register equipment for your own store',
  FileNotFound: 'File not found',
  FileTypeNotAllowed: 'Unsupported file type; upload a JPG, PNG, WebP or GIF image or a PDF',
  ImageRequired: 'Only images (JPG, PNG, WebP, GIF) can be uploaded here',
  ImageUnreadable: 'The image is damaged or in an unsupported format',
  FileTooLarge: 'The file is too large; at most {size} MB',
  FileMissing: 'Please choose a file to upload',
  FileNotYours: 'You can only delete files you uploaded',
  TooManyImages: 'At most {max} images per item',
  NotEnoughStock: 'Not enough stock: {quantity} {unit} left, cannot take {amount}',
  SmallEquipmentNotFound: 'Small equipment not found',
  DuplicateSmallEquipment: 'This store already has small equipment with that name',
};
export type MessageKey = Key;

export function isEnglish(request: Pick<FastifyRequest, 'headers'> | undefined): boolean {
  return String(request?.headers['accept-language'] ?? '')
    .toLowerCase()
    .startsWith('en');
}

export function message(
  request: Pick<FastifyRequest, 'headers'> | undefined,
  key: Key,
  params: Record<string, string | number> = {},
): string {
  const english = String(request?.headers['accept-language'] ?? '')
    .toLowerCase()
    .startsWith('en');
  const template = (english ? en : zh)[key];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}
