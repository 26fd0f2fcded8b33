/**
 * Seed content for the public help centre (customer, store staff and driver help).
 *
 * Every article exists in zh-CN and en-US with the same slug, audience and sortOrder.
 * Bodies are Markdown (no raw HTML, no images, no outside links). They follow the
 * product specification: screen names, statuses, quick reasons and limits.
 */

export interface HelpArticleSeed {
  /** stable id, kebab-case, unique per language, e.g. 'customer-how-to-book' */
  slug: string;
  audience: 'customer' | 'store' | 'driver';
  language: 'zh-CN' | 'en-US';
  title: string;
  /** one sentence, <= 80 Chinese characters / 160 English characters */
  summary: string;
  /** 2-5 short keywords in the article's language, useful for search */
  tags: string[];
  /** order within its audience, starting at 1 */
  sortOrder: number;
  /** Markdown: short intro, then '## ' sections, numbered steps, '- ' bullet tips */
  body: string;
}

export const helpArticles: HelpArticleSeed[] = [
  // ---------------------------------------------------------------------------
  // Customer
  // ---------------------------------------------------------------------------
  {
    slug: 'customer-how-to-book',
    audience: 'customer',
    language: 'zh-CN',
    title: '如何在线预订雪具',
    summary:
      '选门店和日期，添加滑雪者，按尺码挑装备或套餐，确认取还方式和协议，登录后付款，出示订单二维码取装备。',
    tags: ['预订', '下单', '滑雪者', '套餐', '方案'],
    sortOrder: 1,
    body: `提前在线预订会把装备留给你：提交时每件装备都按你的日期和尺码锁定，不会被别人订走。打开应用就是“雪具预订”页面，从上往下填完即可，不用先登录。

## 第一步：选择门店

1. 门店列表显示每家店的营业状态（**营业中**、**已打烊**、**今日休息**）、营业时间、地址和电话，点电话可直接拨打。
2. 选好后列表收起，只显示这家店；要换店点“更换门店”。下次打开会记住这家店。

## 第二步：选择日期

1. “取装备”默认是今天；晚上过了门店的次日时间（一般 21:00）就默认明天。门店还没开门时，从开门时间算起。
2. 点“改日期”可以选一年内的任意一天，门店休息日是灰色的，不能选。
3. 用加减按钮设置租用天数（1–365 天），“还装备”时间随之更新。还装备那天门店休息时，页面会提醒你。

## 第三步：添加滑雪者

1. 点“添加滑雪者”，填写姓名，以及身高、体重、年龄、滑雪水平（I / II / III 型）、鞋码（Mondopoint，脚长厘米数；也可按欧码、英码或美码填写）。自带雪鞋的可填鞋底长度，单板可选站姿。
2. 这些资料用来推荐尺码，并给门店技师一个固定器 DIN 的**建议值**（按 ISO 11088 图表）。技师调好固定器后会核对并记录实际设定值，系统不会自动设定。
3. 登录后，滑雪者会保存到“个人中心”，下个雪季直接选用。

## 第四步：挑选装备

1. “套餐”是一整套装备（如雪板 + 雪鞋 + 雪杖 + 头盔），按套餐价计费；“单件”按品类挑选。
2. 点“选择”，先选给谁用，再为每样装备选尺码。每个尺码都显示日租金和**所选日期还剩几件**；“推荐”按滑雪者资料给出，“已订满”的尺码不能选。
3. 你订的是某个品类和尺码，具体哪一件由门店备货时安排。

## 第五步：取还方式和确认

1. 取装备：到店自取，或送货上门（收送货费）；还装备：到店归还，或上门取件（收取件费）。地址可以直接填写，也可以点选门店的常用地址；登录后还会列出“我的地址”，默认地址会自动填好，新填的地址可以点“保存这个地址，下次直接选用”。
2. “确认订单”按滑雪者列出装备，显示租金、押金、费用和合计，以及门店营业时间和地址。
3. 阅读并勾选同意《租赁协议》。
4. 点“登录并提交”：用手机号和短信验证码登录（首次使用会自动注册），登录后订单自动提交，填写的内容不会丢失。

## 第六步：付款并出示二维码

1. 提交后直接进入付款页，页面显示剩余付款时间；超时未付款，订单会自动取消，装备也会释放。
2. 付款成功后进入“订单二维码”页面：到店时出示给店员扫码即可。这个页面可以分享给同行的人。

## 保存为方案

- 在“确认订单”下点“保存为方案”，可以把门店、日期、滑雪者和装备存下来，在“个人中心 → 我的方案”查看。
- 方案可以分享给家人朋友：对方打开链接不用登录，点“按此方案预订”就会带入预订页，并重新核对剩余数量。
- 拿到链接的人能看到方案里滑雪者的姓名和身高体重等信息，请只分享给同行的人。

## 小贴士

- 想先了解装备，扫描雪具标签上的二维码打开“设备查询”：已被预订的装备会写明预订日期和从什么时候起可租。
- 雪场信号弱时，提交后请耐心等待，不要连续点击；填写的内容会在这台手机上保留 24 小时，刷新或再次打开会自动恢复（页面顶部会提示“已恢复上次未提交的内容”），也可以点“清空”重新开始。`,
  },
  {
    slug: 'customer-how-to-book',
    audience: 'customer',
    language: 'en-US',
    title: 'How to book gear online',
    summary:
      'Choose a store and dates, add riders, pick gear or packs by size, choose pickup and return, accept the agreement, sign in, pay and show the order QR code.',
    tags: ['booking', 'riders', 'packs', 'plans'],
    sortOrder: 1,
    body: `Booking online holds the gear for you: when you submit, every piece is held for your dates and size, so nobody else can book it. The app opens on the booking page; fill it in from top to bottom. You do not need to sign in first.

## Step 1: Choose a store

1. The list shows each store's status (**Open**, **Closed**, **Resting today**), its hours, address and phone; tap the phone number to call.
2. Once you choose, the list folds to that store; tap "Change store" to pick another. The app remembers your store next time.

## Step 2: Choose dates

1. "Pick up" is today by default, or tomorrow once the evening is past the store's next-day time (usually 21:00). Before the store opens, it counts from opening time.
2. Tap "Change date" to choose any day within a year; the store's rest days are greyed out.
3. Set the number of days (1–365) with the buttons; "Return by" follows. If the store is closed on the return day, the page tells you.

## Step 3: Add your riders

1. Tap "Add a rider" and enter the name, and height, weight, age, ability (Type I / II / III) and boot size (Mondopoint, the foot length in cm, or your EU, UK or US shoe size). Add the sole length if you bring your own boots, and the stance for a snowboard.
2. These suggest sizes, and give the store's technician a ski binding DIN **suggestion** (from the ISO 11088 chart). The technician checks it and records the real setting after adjusting the bindings; it is never set automatically.
3. Once you are signed in, your riders are kept on your profile for next season.

## Step 4: Choose gear

1. A "pack" is a full set (such as skis + boots + poles + helmet) at a pack price; "single items" are chosen by category.
2. Tap "Choose", pick who it is for, then a size for each piece. Each size shows the daily rent and **how many are left for your dates**; "Suggested" comes from the rider's details, and sizes that are fully booked cannot be chosen.
3. You book a category and size; the store picks the actual item when it prepares your order.

## Step 5: Pickup, return and confirmation

1. Getting the gear: pick it up at the store, or have it delivered (a delivery fee). Returning it: at the store, or have it picked up (a pickup fee). Type the address, or tap one of the store's common addresses; once you are signed in, your saved addresses are listed too, the default one is filled in for you, and a new address can be kept with "Save this address for next time".
2. "Your booking" lists the gear by rider with rent, deposit, fees and total, and the store's hours and address.
3. Read and accept the rental agreement.
4. Tap "Sign in and book": sign in with your mobile number and a text-message code (an account is created the first time). The order is then submitted by itself, and nothing you entered is lost.

## Step 6: Pay and show the QR code

1. You go straight to the payment page, which shows the time left to pay. An order not paid in time is cancelled and its gear released.
2. Once paid, you see the order QR code: show it at the store and the staff scan it. You can share this page with the people you ski with.

## Save as a plan

- Under "Your booking", tap "Save as a plan" to keep the store, dates, riders and gear; find it under Profile → My plans.
- Share a plan with family and friends: the link opens without signing in, and "Book this plan" brings it into the booking page, checking again how many are left.
- Whoever has the link sees the riders' names, heights, weights and the like, so share it only with the people you ski with.

## Tips

- To learn about the gear first, scan the QR code on a gear label to open the equipment inquiry: gear that is booked shows the dates it is reserved and when it is free again.
- On a weak network at the resort, wait after submitting instead of tapping again; what you entered is kept on this phone for 24 hours and comes back when you reload or return (the page says "Restored what you entered last time"); tap Start over to begin afresh.`,
  },
  {
    slug: 'customer-login',
    audience: 'customer',
    language: 'zh-CN',
    title: '登录与账号',
    summary: '顾客用手机号、短信验证码和真实姓名登录，无需密码；在微信里打开时还可以用微信登录。',
    tags: ['登录', '手机号', '验证码', '微信', '绑定'],
    sortOrder: 2,
    body: `顾客账号不需要设置密码：用手机号、发到这个手机号的短信验证码和真实姓名登录。在微信里打开本应用时，还可以直接用微信登录。

## 手机号登录

1. 打开“个人中心”等需要登录的页面，或在预订页提交订单时，会自动跳到顾客登录页。
2. 输入手机号，点 **获取验证码**，几秒内会收到 6 位数字的短信验证码。
3. 输入验证码和真实姓名，点击登录，成功后自动回到你刚才的页面，预订时已填写的内容都还在。

- 第一次用这个手机号登录时，会为你建立顾客账号。
- 验证码 5 分钟内有效，最多可以输错 5 次；输错太多次请重新获取。
- 同一个手机号每分钟只能获取一次验证码，每天也有次数上限；按钮上的倒计时结束后才能再次获取。
- 在很多人共用的网络里（比如雪场的 Wi-Fi），获取验证码或浏览较频繁时，手机会先自动完成一次约一秒的验证，页面显示“正在验证…”，稍等即可，无需操作。
- 请填写真实姓名，并与到店登记时一致，方便门店核对身份和订单。
- 门店员工的手机号不能在这里登录，员工请使用员工登录页。

## 微信登录（仅限微信内）

1. 在微信中打开本应用，登录页会出现微信登录。
2. 按提示授权后即可登录。
3. 如果提示“微信账号未绑定，请先绑定”，请按页面提示用手机号、验证码和真实姓名登录，系统会把这个微信和你的账号绑定，以后就可以直接用微信登录。

- 在手机浏览器中打开时看不到微信登录，这是正常的，请使用手机号登录。
- 一个账号只能绑定一个微信。要换一个微信，请先用原来的微信登录，在“个人中心”解绑。
- 绑定要在授权微信的同一部手机上、授权后 30 分钟内完成。如果提示“请重新通过微信授权后再绑定”，请在这部手机上重新点微信登录，再按提示绑定。

## 个人中心

登录后点底部的 **个人中心**，可以：

- 查看你的姓名和手机号；绑定或解绑微信（绑定需要在微信里打开）。
- 打开“我的方案”，管理保存的滑雪者资料。
- 管理“我的地址”：添加酒店或住处的地址（最多 20 个），点“设为默认”选默认地址，也可以编辑或删除。预订送货上门或上门取件时可以直接点选，默认地址会自动填好。删除默认地址后，最新添加的地址成为默认。
- 设置语言（简体中文 / English）、深色模式和扫码提示音。
- 退出登录。

顾客账号没有密码，所以个人中心没有“修改密码”。

## 登录过期与退出

- 登录有有效期，过期后会提示“登录已过期，请重新登录”，重新登录即可，已下的订单不受影响。
- 退出登录会清除这台手机上保存的登录信息。借用别人手机登录后，记得退出。
- 店员和司机请使用员工登录页（用户名或邮箱加密码），不要使用顾客登录。`,
  },
  {
    slug: 'customer-login',
    audience: 'customer',
    language: 'en-US',
    title: 'Logging in and your account',
    summary:
      'Customers log in with a phone number, the code texted to it and their real name, no password needed; inside WeChat you can also log in with WeChat.',
    tags: ['login', 'phone number', 'code', 'WeChat', 'binding'],
    sortOrder: 2,
    body: `Customer accounts have no password. You log in with your phone number, the code texted to that number and your real name. When you open the app inside WeChat, you can also log in with WeChat.

## Log in with your phone number

1. When you open a page that needs a login, such as your personal centre, or when you submit a booking, the app takes you to the customer login page.
2. Enter your phone number and tap **Get code**. A 6-digit code arrives by text message within seconds.
3. Enter the code and your real name and tap sign in. You are taken back to the page you came from, with everything you had entered for your booking still there.

- The first time you log in with a number, a customer account is created for you.
- A code is valid for 5 minutes and can be mistyped at most 5 times; after that, get a new one.
- A number can get one code a minute and a limited number a day; the button counts down until you can ask again.
- On a network many people share (a resort's Wi-Fi), when codes or pages are asked for often, your phone first passes a quick automatic check of about a second and shows "Checking…"; just wait, there is nothing to do.
- Use your real name, the same one you give at the store, so staff can match you to your orders.
- Store staff cannot log in here with their phone numbers; they use the staff login page.

## Log in with WeChat (inside WeChat only)

1. Open the app inside WeChat. The login page then offers WeChat login.
2. Authorise as prompted and you are logged in.
3. If you see "WeChat account not bound, please bind first", log in with your phone number, code and real name as the page suggests. Your WeChat is then bound to your account and next time you can log in with WeChat directly.

- In an ordinary phone browser there is no WeChat login. That is expected; use your phone number.
- An account is bound to one WeChat only. To change it, log in with the old WeChat and unbind it in your personal centre first.
- Binding happens on the phone where you authorised WeChat, within 30 minutes. If you see "Please sign in with WeChat again on this phone, then bind", tap WeChat login again on this phone and bind as prompted.

## My account

Once signed in, tap **My account** at the bottom to:

- See your name and phone number; bind or unbind WeChat (binding needs the page opened inside WeChat).
- Open My plans, and manage your saved riders.
- Manage My addresses: add your hotel or home address (up to 20), tap "Make default" to choose the default, edit or delete them. When you book a delivery or a pickup you can tap one, and the default is filled in for you. When you delete the default, the address added most recently becomes the default.
- Choose the language (简体中文 / English), dark mode, and the sounds played when scanning.
- Sign out.

Customer accounts have no password, so there is no "Change password" there.

## Expired login and logging out

- A login lasts for a limited time. When it expires you see "login expired, please log in again". Log in again; your orders are not affected.
- Logging out clears the login saved on this phone. If you logged in on someone else's phone, log out afterwards.
- Store staff and drivers use the staff login page (user name or e-mail plus password), not the customer login.`,
  },
  {
    slug: 'customer-payment',
    audience: 'customer',
    language: 'zh-CN',
    title: '如何付款及押金说明',
    summary: '现金所有门店都收，微信支付和支付宝以门店开通为准；押金在归还验收后结算。',
    tags: ['付款', '押金', '微信支付', '支付宝', '退款'],
    sortOrder: 3,
    body: `提交订单后需要付款，订单才会为你保留。可用的支付方式取决于门店的设置。

## 支付方式

- **现金**：所有门店都支持，在柜台付给店员，店员在系统中确认收款。
- **微信支付**、**支付宝**：由门店开通后才会显示。看不到某种方式，说明这家门店没有开通。

## 付款步骤

1. 提交订单后直接进入付款页面。
2. 选择支付方式，核对金额。
3. 付款页面会显示剩余的付款时间。线上支付完成后，页面会自动打开你的订单二维码。
4. 选择现金的，点“出示订单二维码”，到柜台出示并付款，店员确认收款后状态更新。

## 货到付款

- 送货上门的订单，如果门店支持货到付款，付款页面会出现 **选择货到付款**。选择后订单保留等待配送，不会因超时未付款而取消。
- 司机送达时当面收取待付金额（现金，或扫司机手机上的二维码在线支付），收款后才交付装备。
- 选择货到付款后，仍可以随时在付款页面提前在线支付。

## 费用与押金

- 订单费用可能包括：租金、押金、配送费、超期续租费、损坏费、清洁费、优惠和其他费用。
- 押金随订单一起收取，用于保障装备按时、完好地归还。每件装备的押金金额可以在装备详情中看到。
- 归还后由门店检查装备并结算：没有问题，押金退还；有超期、损坏或清洁费用，会从押金中扣除，押金不够时需要补款。
- 在“我的订单”里取消订单，或自助归还经门店验收后，在线支付的款项会自动原路退回；现金支付的由门店退还。到账时间以微信、支付宝为准，订单的账单里会显示退款状态。

## 注意事项

- 未支付的订单超过门店设定的付款时限会自动取消，装备会释放给其他顾客；付款页面会提示订单已释放，可以重新预订。
- 网络不好时，付款结果可能显示得慢一些。请先刷新订单确认状态，不要重复付款；拿不准时请联系门店。`,
  },
  {
    slug: 'customer-payment',
    audience: 'customer',
    language: 'en-US',
    title: 'How to pay, and how the deposit works',
    summary:
      'Every store takes cash; WeChat Pay and Alipay depend on the store. The deposit is settled after the gear is returned and checked.',
    tags: ['payment', 'deposit', 'WeChat Pay', 'Alipay', 'refund'],
    sortOrder: 3,
    body: `After you submit an order you need to pay so that the store holds the gear for you. Which payment methods you see depends on the store.

## Payment methods

- **Cash**: accepted at every store. Pay at the counter; the staff member confirms the cash in the system.
- **WeChat Pay** and **Alipay**: shown only when the store has enabled them. If a method is missing, that store has not enabled it.

## Steps

1. After submitting the order you go straight to the payment page.
2. Choose a payment method and check the amount.
3. The payment page shows how long you have left to pay. Once you have paid online, the page opens your order QR code.
4. If you chose cash, tap "Show the order QR code", show it at the counter and pay. The status updates once the staff confirm the cash.

## Pay on delivery

- For an order delivered to your door, if the store takes cash on delivery, the payment page offers **Pay on delivery**. Once chosen, the order is kept for delivery and is not cancelled for being unpaid.
- The driver collects what is due at the door (cash, or scan the QR code on the driver's phone to pay online) and hands the gear over once it is paid.
- You can still pay online on the payment page at any time before the driver arrives.

## Fees and deposit

- An order can include: rent, deposit, delivery fee, extension (overdue) fee, damage fee, cleaning fee, discount and other items.
- The deposit is paid with the order and covers returning the gear on time and in good condition. Each item's deposit is shown in its details.
- After you return the gear, the store checks it and settles the order. If all is well, the deposit is refunded. Overdue, damage or cleaning fees are taken from the deposit, and if the deposit is not enough you pay the difference.
- When you cancel an order in My orders, or once the store has checked a self-return, money paid online goes back the same way by itself; cash is given back by the store. How long it takes to arrive depends on WeChat Pay or Alipay; the order's bills show the refund.

## Good to know

- An unpaid order is cancelled automatically when the store's payment time limit has passed, and the gear is released to other customers.
- On a weak network the payment result can take a moment to appear. Refresh the order to check its status before paying again; if unsure, contact the store.`,
  },
  {
    slug: 'customer-order-qr',
    audience: 'customer',
    language: 'zh-CN',
    title: '到店出示订单二维码',
    summary: '到柜台取装备、付现金或还装备时，出示订单二维码，店员一扫就能找到你的订单。',
    tags: ['二维码', '取装备', '订单号', '柜台'],
    sortOrder: 4,
    body: `每个订单都有自己的订单二维码。在柜台取装备、付现金或还装备时出示它，店员扫一下就能打开你的订单。

## 如何出示

1. 打开订单二维码页面：付款完成后会自动打开它。点“分享链接”可以把页面链接发给自己或同行的人，之后用链接随时打开。
2. 在柜台把手机屏幕对着店员的扫码设备。
3. 店员扫码后核对订单，为你发放或接收装备。

## 出示技巧

- 把屏幕亮度调高，先擦掉屏幕上的雪水和雾气。
- 室外阳光强、屏幕反光时，用手稍微遮一下。
- 用分享的链接打开订单二维码页面不需要登录。页面只显示门店、租期、装备和订单状态，不显示你的姓名和电话。
- 打开过的订单二维码会保存在手机上：雪场没有信号时，页面会显示上次保存的二维码（注明保存时间），照样可以出示。保险起见也可以截图保存。
- 戴着手套不方便操作时，排队时提前打开页面，轮到你直接把手机递给店员。
- 一个订单一个二维码，有多个订单请分别出示。
- 付过款之后，页面上有“查看收据”：收据列出装备、费用、押金已收和已退，以及每笔收退款的收据号，可以打印或分享。

## 扫不出来怎么办

- 把订单号告诉店员：订单号是 12 位数字，以 20 开头，店员可以手动输入查找。
- 如果店员提示“订单或设备不存在，请检查编号”，请核对订单号是否完整，并确认你来的是页面上写的那家门店。`,
  },
  {
    slug: 'customer-order-qr',
    audience: 'customer',
    language: 'en-US',
    title: 'Showing your order QR code at the counter',
    summary:
      'Show your order QR code at the counter to collect gear, pay cash or return gear; staff scan it to open your order.',
    tags: ['QR code', 'pickup', 'order number', 'counter'],
    sortOrder: 4,
    body: `Every order has its own order QR code. Show it at the counter when you collect gear, pay cash or return gear, and the staff open your order with one scan.

## How to show it

1. Open the order QR code page: it opens by itself once you have paid. Tap "Share link" to send the page's link to yourself or whoever comes with you, and open it from the link at any time.
2. At the counter, hold your screen towards the staff member's scanner.
3. The staff scan it, check the order and hand out or take back the gear.

## Tips

- Turn the screen brightness up and wipe snow and fog off the screen first.
- In bright sunshine or with glare, shade the screen with your hand.
- Opened from its shared link, the order QR code page needs no login. It shows only the store, the dates, the gear and the order status, not your name or phone number.
- The phone keeps the order QR codes you have opened: with no signal at the resort, the page shows the last saved code (with the time it was saved), and you can show it as usual. A screenshot is a good backup too.
- If your gloves make the phone hard to use, open the page while you queue and simply hand the phone over when it is your turn.
- One order has one QR code. With several orders, show each one.
- Once you have paid, the page has "View receipt": it lists the gear, the fees, the deposit held and returned, and each payment and refund with its receipt number; print it or share it.

## If the code will not scan

- Tell the staff your order number: 12 digits starting with 20. They can type it in.
- If the staff see "order/equipment not found, check the number", check that the number is complete, and that you are at the store the page names.`,
  },
  {
    slug: 'customer-return-and-pickup',
    audience: 'customer',
    language: 'zh-CN',
    title: '自助归还、续租、上门取件与提前归还',
    summary:
      '不用排队：在订单里扫码拍照自助归还，押金验收后自动退回；也可以一键续租、预约上门取件。',
    tags: ['归还', '自助归还', '续租', '上门取件', '提前归还', '超期'],
    sortOrder: 5,
    body: `请在租期结束前归还装备。你可以在手机上自助归还，不用在柜台排队；也可以直接到柜台归还。

## 自助归还（不用排队）

1. 底部“我的订单”里打开订单，点“自助归还”（装备在你手上时才有这个按钮）。
2. 点“扫描雪具标签”，逐件扫描雪具上的标签；标签看不清、手机没有摄像头时，点“无法扫码，手动确认”。
3. 为每件雪具拍一张照片，记录归还时的样子。
4. 选择“自己送回门店”，或“上门取件”并填写地址（可以选已保存的地址；取件费从押金中扣除，不用另外支付）。
5. 提交后订单变为“待归还”。门店逐件验收后自动结算：在线支付的押金原路退回，损坏费用从押金中扣除，订单的账单里会显示退款。

## 续租

- 想多玩一天：在订单里点“续租 1 天”，按钮上就是要付的费用，确认后在线支付。
- 雪具之后已被别人预订时无法续租，页面会说明原因，请按时归还或联系门店。

## 在柜台归还

1. 带上全部装备到店，交给店员。
2. 出示订单二维码（付款后打开的页面，或你分享保存的链接）。
3. 店员逐件扫码入库，订单变为“已归还”；费用结清后变为“已完成”。

## 预约上门取件

1. 门店提供取件服务时，可以在订单中选择上门取件，收取取件费；可以从门店预设的取件地址中选择。
2. 司机上门后会逐件扫码核对，请在场一起清点。
3. 装备送回门店入库后，门店为订单结算。

## 提前归还

1. 提前不用了，直接到店（或预约取件），告诉店员“提前归还”。
2. 店员办理后，这些装备会解锁，可以再租给其他顾客。
3. 未使用天数是否退费以门店规则为准；需要退款的，门店在订单的“费用调整”里做善意退款，退款会出现在订单的账单里。

## 注意事项

- 超过归还时间未还，订单会出现在门店的“超期未还”名单中，门店会联系你；超时费见下一节。
- 门店开通短信或微信通知后，取装备前一天、归还当天各提醒一次，逾期只提醒一次；发送记录显示在订单记录里。
- 归还前清点件数，头盔、雪镜、护具等小件也要一起归还。
- 装备有损坏或丢失，请主动告诉店员或司机，如实说明情况。
- 有疑问请拨打门店电话：订单详情、订单二维码和“联系客服”页面上点电话号码即可拨打；订单详情里的“到店导航”会指向门店。
- 自助归还填到一半被打断也不要紧：勾选、照片和归还方式会在这台手机上保留 24 小时（照片在上传后一天内有效，过期会请你重拍）。

## 超时归还的费用

- 按租赁协议，超时归还按日租金计收。超过归还时间后有一段宽限（默认 1 小时，以门店设置为准），宽限内归还不收费。
- 超过宽限后，从租期结束时起每满或不满 24 小时按 1 天计，每天收取还没归还的雪具的日租金。例如超时 1 天 23 小时按 2 天计。
- 以你交还雪具的时间为准：柜台归还看验收时间，自助归还看你提交的时间，上门取件看司机取件的时间。
- 超时费从押金中扣除，押金不够时需要补款。订单页面会一直显示已超时多久、超时费目前多少，以及每多一天加收多少。
- 有特殊情况（例如封路）请联系门店，店长可以免除超时费。也可以在到期前“续租”，续租按日租金计费。`,
  },
  {
    slug: 'customer-return-and-pickup',
    audience: 'customer',
    language: 'en-US',
    title: 'Self-return, extending, pickups and returning early',
    summary:
      'No queue: scan and photograph your gear in the order to hand it back, and the deposit returns once checked; extend by a day or book a pickup too.',
    tags: ['return', 'self-return', 'extend', 'pickup', 'early return', 'overdue'],
    sortOrder: 5,
    body: `Please return your gear before the rental period ends. You can hand it back on your phone by self-return, without queueing, or at the counter.

## Self-return (no queue)

1. Open the order under "My orders" at the bottom and tap "Self-return" (the button is there while you have the gear).
2. Tap "Scan a gear label" and scan the label on each item; if a label is unreadable or the phone has no camera, tap "Can't scan: confirm by hand".
3. Take a photo of each item, to record how it came back.
4. Choose to drop it at the store, or "Pickup" with an address (you can pick a saved address; the pickup fee comes out of the deposit, nothing to pay now).
5. Once submitted, the order is "waiting for return". When the store has checked each item in, the order settles by itself: a deposit paid online goes back the same way, damage is taken from the deposit, and the order's bills show the refund.

## Extending

- Want another day? Tap "Extend 1 day" in the order: the button shows the price, which you pay online next.
- If the gear is booked by someone else afterwards, the extension is refused with the reason; return it on time or contact the store.

## Returning at the counter

1. Bring all the gear to the store and hand it to the staff.
2. Show your order QR code (the page that opened after paying, or the link you shared).
3. The staff scan each item back in. The order becomes "Returned", and "Completed" once all fees are settled.

## Booking a pickup

1. Where the store offers pickups, choose pickup in your order. A pickup fee applies, and you can choose one of the store's preset pickup addresses.
2. The driver scans each item on arrival. Please be there to count the items together.
3. Once the gear is back and checked in at the store, the store settles the order.

## Returning early

1. If you are done early, come to the store (or book a pickup) and tell the staff it is an early return.
2. The staff record the early return and the gear is unlocked for other customers.
3. Whether unused days are refunded follows the store's rules. Any refund is made by the store as a goodwill refund under the order's adjustments, and it shows among the order's bills.

## Good to know

- Gear not returned by the return time puts the order on the store's overdue list and the store will contact you; see the next section for the late fee.
- Where the store has SMS or WeChat notices set up, you get one reminder the day before pickup, one on the return day, and a single one if the gear is overdue; each shows in the order's history.
- Count the items before returning, including small items such as helmets, goggles and protective gear.
- If anything is damaged or lost, tell the staff or the driver and explain what happened.
- For questions, call the store: tap its phone number on the order details, the order QR code page or the Contact page; "Navigate to the store" in the order details points the way there.
- If you are interrupted during a self-return, no problem: what you ticked, your photos and the return method are kept on this phone for 24 hours (photos stay valid for a day after upload; an expired one asks you to take it again).

## What a late return costs

- As the rental agreement says, a late return is charged at the daily rent. There is a grace after the return time (1 hour unless the store sets another): gear back within it costs nothing.
- Past the grace, every started 24 hours from the rental end counts as a day, charged at the daily rent of the gear not yet back. For example, 1 day 23 hours late is 2 days.
- What counts is when you hand the gear back: the check-in at the counter, the moment you submit a self-return, or the driver's pickup.
- The late fee comes out of your deposit; if the deposit does not cover it you pay the rest. Your order page shows how late the gear is, the late fee so far and how much each further day adds.
- If something kept you (a closed road, say), call the store: a store manager may waive the late fee. Before the end you can also extend, at the daily rent.`,
  },
  {
    slug: 'customer-order-status',
    audience: 'customer',
    language: 'zh-CN',
    title: '订单状态说明',
    summary: '看懂“我的订单”和订单二维码页面上显示的订单状态，知道下一步该做什么。',
    tags: ['订单状态', '订单二维码', '自动取消'],
    sortOrder: 6,
    body: `底部“我的订单”可以按状态筛选订单，点开订单能看到状态、剩余时间、费用、账单和订单记录，以及这个状态下能做的事（去支付、出示取件码、续租、自助归还、取消订单）。订单二维码页面也会显示当前状态。下面是各状态的含义和你需要做的事。

## 各状态含义

- **待确认（Pending）**：代理商为你下的订单，等待门店确认。装备已为你保留；门店确认后变为待支付，用下单时的手机号登录即可在“我的订单”付款。
- **待支付（Unpaid）**：订单还没有付款。超过门店设定的付款时限会被自动取消，请尽快付款。
- **已预订（Reserved）**：预订成功，装备已为你保留。按约定日期到店取装备，或等待配送。
- **待配送（PendingDelivery）**：你选择了送货上门，门店正在安排司机。
- **配送中（Delivering）**：司机正在送货途中，请保持电话畅通。
- **已送达（Delivered）**：装备已送到并确认交付。
- **使用中（InUse）**：装备在你手上，租期进行中。
- **待归还（PendingReturn）**：你已自助归还或预约了取件，请把装备送到门店或等司机上门，门店验收后自动结算。
- **已归还（Returned）**：门店已收回装备，正在检查和结算。
- **待补款（PendingPayment）**：还有费用需要补交，例如超期费、损坏费或清洁费。
- **已完成（Completed）**：订单结束，费用已结清。
- **已取消（Cancelled）**：订单已取消，包括超时未支付被自动取消的订单。待确认、待支付、已预订、待配送时可以在订单里自己取消，已在线支付的金额原路退回。

## 常见流程

1. 到店自取：待支付 → 已预订 → 使用中 → 待归还 → 已归还 → 已完成。
2. 送货上门：付款后 → 待配送 → 配送中 → 已送达 → 使用中 → 之后同上。
3. 归还后有费用要补：已归还 → 待补款 → 已完成。
4. 代理商代你下单：待确认 → 待支付 → 之后同上。

- 以上是常见顺序，实际以订单页面显示为准。
- 状态没有及时变化时，下拉或重新打开订单刷新一下；信号弱时稍等再看。
- 订单被自动取消后，如仍需要装备，请重新预约。`,
  },
  {
    slug: 'customer-order-status',
    audience: 'customer',
    language: 'en-US',
    title: 'What the order statuses mean',
    summary:
      'Understand the status shown in My orders and on the order QR code page, and what you need to do next.',
    tags: ['order status', 'order QR code', 'auto cancel'],
    sortOrder: 6,
    body: `"My orders" at the bottom lists your orders by status; open one to see its status, the time left, fees, bills and history, and what you can do in that status (pay, show the pickup code, extend, self-return, cancel). The order QR code page shows the current status too. Here is what each status means and what to do.

## The statuses

- **Pending**: an agent placed this order for you and it is waiting for the store to confirm it. The gear is held for you; once confirmed it is Unpaid, and you pay under My orders after signing in with the phone number the order was placed with.
- **Unpaid**: the order has not been paid. It is cancelled automatically once the store's payment time limit has passed, so pay soon.
- **Reserved**: the booking is confirmed and the gear is held for you. Collect it at the store on the booked date, or wait for delivery.
- **PendingDelivery**: you chose delivery and the store is arranging a driver.
- **Delivering**: the driver is on the way. Keep your phone reachable.
- **Delivered**: the gear has been delivered and the hand-over confirmed.
- **InUse**: you have the gear and the rental is running.
- **PendingReturn**: you have handed the gear back by self-return or booked a pickup. Bring it to the store or wait for the driver; the order settles once the store has checked it in.
- **Returned**: the store has the gear back and is checking it and settling the order.
- **PendingPayment**: there is still something to pay, such as an overdue, damage or cleaning fee.
- **Completed**: the order is finished and all fees are settled.
- **Cancelled**: the order was cancelled, including orders cancelled automatically because they were not paid in time. While pending, unpaid, reserved or waiting for delivery you can cancel it yourself in the order; money paid online goes back the same way.

## Typical flows

1. Pickup at the store: Unpaid → Reserved → InUse → PendingReturn → Returned → Completed.
2. Delivery: after payment → PendingDelivery → Delivering → Delivered → InUse → then as above.
3. Fees due after the return: Returned → PendingPayment → Completed.
4. Placed for you by an agent: Pending → Unpaid → then as above.

- These are the usual sequences; the order page always shows the real status.
- If a status does not change, refresh or reopen the order. On a weak network, wait a moment and look again.
- If an order was cancelled automatically and you still need the gear, book again.`,
  },
  // ---------------------------------------------------------------------------
  // Store staff
  // ---------------------------------------------------------------------------
  {
    slug: 'store-login-and-roles',
    audience: 'store',
    language: 'zh-CN',
    title: '员工登录、切换角色与快捷按钮',
    summary: '店员用用户名或邮箱加密码登录；拥有多个角色时可在个人中心切换，快捷按钮随时可用。',
    tags: ['登录', '切换角色', '快捷按钮', '权限'],
    sortOrder: 1,
    body: `店长和店员使用员工登录页登录，登录后进入店员端首页。下面介绍登录、切换角色和店员端常用入口。

## 登录

1. 打开员工登录页，输入用户名或邮箱，以及密码。
2. “记住登录”默认不勾选。柜台共用的手机或平板不要勾选。
3. 登录成功后按当前角色进入首页：店长、店员进入店员端首页，司机进入司机首页。

- 登录过期时会提示“登录已过期，请重新登录”，并回到登录页，重新登录即可。
- 退出登录会清除本机保存的登录信息，交班时请退出。

## 切换角色

1. 同时拥有店长、店员、司机等多个角色时，在“个人中心”会出现角色切换。
2. 选择要切换的角色，成功后提示“已切换为某某身份”，并打开该角色的首页。
3. 下次登录会沿用你上次使用的角色（前提是你仍拥有这个角色）。

- 打开页面提示“权限不足”，说明当前角色没有这个功能的权限。可以切换到合适的角色，或联系店长开通。

## 店员端常用入口

- 底部导航栏：首页、订单、库存、财务、我的。
- 快捷按钮：店员端每个页面都有，在底部栏的最右端（蓝色圆形扫码图标），不会挡住页面内容。点开后有三个动作：
  1. 回到店员端首页；
  2. 创建订单（在库存列表页变为“添加库存”，进入设备入库页面）；
  3. 智能扫码，详见《扫码技巧》。`,
  },
  {
    slug: 'store-login-and-roles',
    audience: 'store',
    language: 'en-US',
    title: 'Staff login, switching roles and the quick-action button',
    summary:
      'Staff log in with a user name or e-mail and password; with several roles, switch in the profile page. The quick-action button is always at hand.',
    tags: ['login', 'switch role', 'quick action', 'permission'],
    sortOrder: 1,
    body: `Store managers and employees log in on the staff login page and land on the store dashboard. This article covers logging in, switching roles and the main entry points.

## Logging in

1. Open the staff login page and enter your user name or e-mail, and your password.
2. "Remember me" is off by default. Leave it off on phones or tablets shared at the counter.
3. After login you land on the home of your current role: managers and employees on the store dashboard, drivers on the driver dashboard.

- When a login expires you see "login expired, please log in again" and return to the login page. Just log in again.
- Logging out clears the login saved on the device. Log out at the end of your shift.

## Switching roles

1. If you hold more than one role, for example store manager, store employee and driver, the profile page shows a role switcher.
2. Pick the role. You see "switched to ... identity" and the home page of that role opens.
3. Next time you log in, the app keeps your last role as long as you still hold it.

- "Insufficient permission" means your current role may not use that function. Switch to a suitable role or ask your manager for access.

## Main entry points

- Bottom tab bar: dashboard, orders, inventory, finance, profile.
- Quick-action button: on every store page, at the right end of the bottom bar (the round blue scan icon), so it never hides what is on the page. It expands to three actions:
  1. go to the store staff home;
  2. create an order (on the inventory list it becomes "add stock" and opens the check-in page);
  3. smart scan, see "Scanning tips".`,
  },
  {
    slug: 'store-dashboard',
    audience: 'store',
    language: 'zh-CN',
    title: '门店概览：今天要做的事',
    summary: '首页的每个数字都是一张清单的数量，点开就是那张清单；下拉刷新，回到首页时自动更新。',
    tags: ['首页', '概览', '今日待办', '收款', '库存'],
    sortOrder: 2,
    body: `店员端首页“门店工作台”显示当前门店今天要做的事。每个数字都能点开，打开的清单正好是这么多条。

## 今日待办

- **代理商订单待确认**：代理商为顾客下的订单，确认或拒绝见“处理订单与收款”。
- **今日到店取装备**：已付款、今天到店取装备的预订。
- **送货待完成**：今天（含之前）要送、还没送到的订单。
- **今日到期归还**：装备在顾客手上、今天到期的订单。
- **上门取件待完成**：今天（含之前）到期、司机还没取回的订单。
- **超期未还**：过了归还时间还没还的订单。
- **待备货**：今天和明天开始、还有装备没备好的订单，点开是备货清单。
- **自助归还待验收**：顾客自助归还后等门店验收的订单。

## 库存与收款

- **租出中的设备**：点开是库存列表中“已出库”的设备。
- **小件库存不足**：数量不高于预警值的小件，点开只看这些。
- **今日收款**（店长可见）：今天按支付方式的收款、退款和净收款，点开是财务对账。
- **近 7 天**：每天起租的订单数，以及（店长可见）每天的净收款。

- 看不到的数字，是因为你的账号打不开它对应的清单。
- 系统管理员可以用“切换门店”查看其他门店。
- 下拉页面刷新；从其他页面回到首页时数字会自动更新。`,
  },
  {
    slug: 'store-dashboard',
    audience: 'store',
    language: 'en-US',
    title: 'The store overview: what to do today',
    summary:
      'Every figure on the home page is the size of a list and opens that list; pull to refresh, and it updates when you come back.',
    tags: ['home', 'overview', 'today', 'takings', 'stock'],
    sortOrder: 2,
    body: `The staff home page shows what the current store has to do today. Every figure opens its list, which holds exactly that many lines.

## To do today

- **Agent orders to confirm**: orders agents placed for customers; see "Handling orders and taking payments" to confirm or decline them.
- **Collected at the store today**: paid bookings collected at the counter today.
- **Deliveries to make**: deliveries due today (or earlier) not yet delivered.
- **Due back today**: gear with customers, due back today.
- **Pickups to make**: pickups due today (or earlier) the driver has not collected yet.
- **Overdue**: orders past their return time.
- **To prepare**: orders starting today or tomorrow with gear still to pick; it opens the preparation list.
- **Self-returns to check**: customers' self-returns waiting for the store to check the gear in.

## Stock and takings

- **Gear out with customers**: opens the stock list filtered to checked-out items.
- **Small equipment running low**: items at or below their warning level, shown alone.
- **Takings today** (managers): today's payments, refunds and net by method; it opens finance.
- **Last 7 days**: rentals started each day and, for managers, each day's net takings.

- A figure you do not see is one whose list your account cannot open.
- A system administrator switches store with "Switch store".
- Pull the page down to refresh; the figures also update when you come back to the home page.`,
  },
  {
    slug: 'store-administration',
    audience: 'store',
    language: 'zh-CN',
    title: '管理后台：门店、参数、品类、文章与人员',
    summary:
      '店长和系统管理员在“管理后台”修改门店设置、业务参数、品类、帮助文章、人员和角色，查看操作日志和交班对账。',
    tags: ['管理后台', '业务参数', '营业时间', '租赁协议', '操作日志', '交班对账'],
    sortOrder: 9,
    body: `首页“常用入口”里的“管理后台”列出你的账号能管理的内容。改完后顾客和店员的手机最迟 30 分钟内看到，刷新页面立即看到。

## 系统管理员

- **门店管理**：门店名称、电话、地址、导航位置（在门店里点“用手机当前位置”最准）、营业时间和休息日。停业前要先处理完进行中的订单。
- **业务参数**：默认租期、付款时限、配送和取件费、常用地址、常用押金、次日起租时间、微信支付和支付宝开关、代理商佣金。可以设全局的值，也可以为某家门店单独设置；门店选“跟随全局”就用全局的值。
- **系统信息与备案**：系统名称、公司、Logo、公安和 ICP 备案号。**租赁协议**改完点“发布新版本”：新的预订需要同意新版本，已有订单保留顾客当时同意的版本。
- **品类与属性**：新增或修改设备品类，以及每个品类入库时要填、列表里可筛选的属性（文字、数字、单选、多选、是否、日期）。有设备用到的选项和属性不能删除，可以停用。
- **帮助文章**：为顾客、店员和司机撰写中英文文章，预览后发布；草稿不会出现在帮助中心。
- **角色权限**：每个角色能做什么，只有系统管理员能修改。

## 店长

- **业务参数**：修改本门店的参数（全局的值只能查看）。
- **员工管理**、**角色权限**（查看）。
- **操作日志**：本门店谁在什么时候做了什么：出入库、订单、收退款、设置和人员变动，可以筛选并导出 CSV。设备日租金和押金、业务参数等设置的改动会写明原值和新值（例如“日租金：¥80.00 → ¥90.00”）。
- **交班对账**：每位店员当天收的现金和退的现金，打印后对着钱箱清点，店员和店长签字。`,
  },
  {
    slug: 'store-administration',
    audience: 'store',
    language: 'en-US',
    title: 'Administration: stores, parameters, categories, articles and people',
    summary:
      'Managers and system administrators change store settings, business parameters, categories, help articles, people and roles, and read the audit log and the shift close, under Administration.',
    tags: [
      'administration',
      'parameters',
      'opening hours',
      'rental agreement',
      'audit log',
      'shift close',
    ],
    sortOrder: 9,
    body: `"Administration" under the home page's shortcuts lists what your account may manage. Phones pick up a change within 30 minutes, and at once when the page is reloaded.

## System administrators

- **Stores**: name, phone, address, the spot customers are guided to (tap "Use this phone's location" while in the store), opening hours and rest days. A store closes only once its orders in progress are done.
- **Business parameters**: default rental days, time to pay, delivery and pickup fees, preset addresses and deposits, the next-day threshold, WeChat Pay and Alipay, the agent commission. Set them for the business, or for one store; "As the business" makes a store use the business's value.
- **System information and filing**: system name, company, logo, police and ICP filing. Change the **rental agreement** and tap "Publish a new version": new bookings accept it, and orders keep the version their customer accepted.
- **Categories and attributes**: add or change equipment categories and the attributes each one records at check-in and filters by (text, number, single or multiple choice, yes/no, date). Options and attributes that items use cannot be deleted; disable them instead.
- **Help articles**: write articles for customers, staff and drivers in both languages, preview and publish them; drafts never show in the help centre.
- **Roles and permissions**: what each role may do; only a system administrator changes it.

## Managers

- **Business parameters**: your own store's values (the business's are shown, not changed).
- **Employees**, and **Roles and permissions** to read.
- **Audit log**: who did what and when at your store: stock in and out, orders, money, settings and staff; filter it and export it as CSV. Changes of an item's daily rent or deposit, business parameters and other settings show the old and the new value ("Daily rent: ¥80.00 → ¥90.00").
- **Shift close**: the cash each clerk took and gave back today, printed to count the drawer against, signed by the clerk and the manager.`,
  },
  {
    slug: 'store-workspace',
    audience: 'store',
    language: 'zh-CN',
    title: '每日工作台：超期订单与备货订单',
    summary: '工作台集中显示超期未还订单和待备货订单，每天开店、午间和打烊前各看一遍。',
    tags: ['工作台', '超期订单', '备货', '每日'],
    sortOrder: 2,
    body: `“工作台”把每天最需要跟进的两类订单放在一起：超期未还的订单和需要备货的订单。建议开店、中午和打烊前各看一遍。

## 备货订单

1. 进入“工作台”，打开“备货订单”。
2. 按取货或配送时间从早到晚，逐单准备装备。
3. 每件装备扫码核对：状态为“在库”（0）的才能出库；不能出库的及时换一件同类装备。
4. 送货上门的订单，装备准备好后交给司机，由司机扫码绑定到订单。

- 过了门店的次日分界时间（默认 21:00），出库开始日期默认变为明天，适合晚上为第二天备货。
- 大件（雪板、雪鞋）和小件（头盔、雪镜等）分开摆放，交付时不容易漏件。

## 超期未还订单

1. 进入“工作台”，打开“超期未还订单”。
2. 逐单查看，点订单进入详情，核对顾客和租期。
3. 联系顾客确认归还时间，或安排司机上门取件。
4. 超时费不用手算：订单详情的“超时费”一栏显示已超时多久、目前的金额；归还验收时系统自动计收。

## 超时费怎么算

- 按租赁协议，超时归还按日租金计收。超过归还时间后有一段宽限（业务参数“超时宽限小时数”，默认 1 小时），宽限内归还不收费。
- 超过宽限后，从租期结束时起，每满或不满 24 小时按 1 天计，每天收取订单中未归还设备的日租金之和。例如超时 1 天 23 小时按 2 天计。提前归还、按时归还的设备不计；招待和借用订单不收。
- 归还时间以顾客交还设备的时刻为准：柜台归还是验收时间，自助归还是顾客提交归还的时间，上门取件是司机取件的时间（门店之后再验收也不会多收）。
- 归还验收时，验收面板先把超时费单独列出来，并显示验收后要退还或补收的金额；确认后超时费成为订单的一条费用，从押金中扣除，押金不够时生成补款账单。
- 店长可以免除超时费（例如暴雪封路）：在订单详情或验收面板点“免除超时费”并填写原因。免除记在订单和操作日志（金额类）里，之后归还不再收取。店员看不到这个按钮，需要请店长操作。

- “超期未还订单”页面只对“店员”角色开放。如果你同时拥有店员角色，请先在“个人中心”切换到店员。
- 信号不好时列表加载会慢，稍等再刷新，不要反复点击。`,
  },
  {
    slug: 'store-workspace',
    audience: 'store',
    language: 'en-US',
    title: 'The daily workspace: overdue and preparation orders',
    summary:
      'The workspace gathers overdue unreturned orders and orders to prepare. Check it at opening, at midday and before closing.',
    tags: ['workspace', 'overdue orders', 'preparation', 'daily'],
    sortOrder: 2,
    body: `The workspace brings together the two kinds of orders that need attention every day: overdue orders whose gear has not come back, and orders whose gear needs preparing. Check it at opening, at midday and before closing.

## Preparation orders

1. Open the workspace and go to preparation orders.
2. Work through the orders from the earliest pickup or delivery time to the latest.
3. Scan each item to check it. Only items with status "available" (0) can be checked out; swap any other item for a similar one.
4. For delivery orders, hand the prepared gear to the driver, who scans it to bind it to the order.

- After the store's next-day threshold (21:00 by default), the check-out start date defaults to tomorrow, which suits preparing in the evening for the next day.
- Keep large items (skis, snowboards, boots) and small items (helmets, goggles and so on) apart so nothing is missed at hand-over.

## Overdue orders

1. Open the workspace and go to overdue orders.
2. Go through them one by one. Tap an order to open its details and check the customer and the rental period.
3. Call the customer to agree a return time, or arrange a driver pickup.
4. No need to work out a late fee by hand: the order details' late fee section shows how late the gear is and what it costs so far; the return check-in charges it.

## How the late fee works

- As the rental agreement says, a late return is charged at the daily rent. There is a grace after the return time (business parameter "late return grace hours", 1 hour by default): gear back within it costs nothing.
- Past the grace, every started 24 hours from the rental end counts as a day, each charged at the daily rent of the order's gear that was still out. For example, 1 day 23 hours late is 2 days. Gear returned early or on time is not charged; hospitality and loan orders never are.
- The gear counts as back when the customer handed it over: the check-in at the counter, the moment of a self-return, or the driver's pickup (a later check-in at the store adds nothing).
- At the return check-in the panel shows the late fee as its own line and what will be given back or collected; once confirmed it is a fee line on the order, taken from the deposit, with a supplement bill when the deposit does not cover it.
- A store manager may waive it (a road closed by snow, say): tap "Waive the late fee" in the order details or the check-in panel and give the reason. The waiver is kept on the order and in the audit log (money), and nothing is charged at the return. Store staff do not see the button; ask the manager.

- The overdue orders page is for the store employee role only. If you also hold that role, switch to it in your profile first.
- On a weak network the list loads slowly. Wait and then refresh rather than tapping repeatedly.`,
  },
  {
    slug: 'store-scanning-tips',
    audience: 'store',
    language: 'zh-CN',
    title: '扫码技巧：四种扫码方式与智能扫码',
    summary: '实时扫码、拍照识别、手动输入和微信扫一扫怎么选，以及变焦、闪光灯和戴手套时的技巧。',
    tags: ['扫码', '智能扫码', '条码', '手套', '变焦'],
    sortOrder: 3,
    body: `店员端的扫码用于查订单、出库、入库等操作。扫码窗口支持四种方式，柜台环境不同，选最顺手的一种。

## 四种扫码方式

- **实时扫码**：用后置摄像头对准条码或二维码，识别成功自动关闭窗口。
- **拍照识别**：拍一张照片再识别。系统会用原图、增强对比度和黑白处理三种方式依次尝试；仍识别不出会提示无法识别，可以重拍或改为手动输入。
- **手动输入**：在“请输入条码或二维码内容”输入框中输入后确认，内容不能为空。
- **微信扫一扫**：只在微信内打开时提供，调用微信自带的扫码。

## 智能扫码

点快捷按钮中的“智能扫码”，系统会自动判断扫到的内容：

1. 含订单号的下单链接二维码：打开门店创建订单页面，处理该订单。
2. 顾客出示的订单二维码，或 12 位、以 20 开头的数字：按订单号打开订单详情。
3. 其他内容：按设备条码查找设备，打开设备信息窗口。

- 提示“订单或设备不存在，请检查编号”时，检查是否扫错或少输了数字。

## 变焦和闪光灯

- 双击画面可在 1x、2x、4x、6x、8x 之间循环变焦；也可以用变焦滑块或加减按钮。
- 打开“远距离自动变焦”后，一段时间识别不到会自动逐步放大，适合条码贴得远或很小的情况。这个开关会保存在本机。
- 光线暗或在雪具库房里，打开闪光灯。

## 戴手套时

- 戴着雪地手套不好双击和拖动滑块，建议直接用**拍照识别**（按一次拍照键即可），或打开远距离自动变焦。
- 条码磨损、结冰或反光时，直接**手动输入**条码号最快。

## 常见问题

- 摄像头需要安全连接（HTTPS）。页面提示非安全连接时无法使用实时扫码，请改用拍照识别或手动输入，并告知管理员。
- 华为/鸿蒙设备实时扫码可能对焦困难，建议优先使用拍照识别或手动输入。
- 提示无法访问摄像头或权限被拒绝时，在浏览器设置中允许使用摄像头，并关闭正在使用摄像头的其他应用后重试。
- 扫码成功和失败都有提示音，嘈杂时留意屏幕上的提示。`,
  },
  {
    slug: 'store-scanning-tips',
    audience: 'store',
    language: 'en-US',
    title: 'Scanning tips: the four scan modes and smart scan',
    summary:
      'When to use live camera, photo recognition, manual entry or WeChat scan, plus zoom, flashlight and tips for scanning with gloves on.',
    tags: ['scan', 'smart scan', 'barcode', 'gloves', 'zoom'],
    sortOrder: 3,
    body: `Staff scan codes to find orders and to check gear out and in. The scanner offers four modes; pick the one that works best at your counter.

## The four modes

- **Live camera**: point the rear camera at the barcode or QR code. The window closes by itself after a successful read.
- **Photo recognition**: take a photo and the app reads it. It tries three ways in turn: the plain photo, doubled contrast and black-and-white. If all fail you see "cannot recognize code" and can retake the photo or switch to manual entry.
- **Manual entry**: type the code into "please enter barcode or QR content" and confirm. The field cannot be empty.
- **WeChat scan**: offered only when the app is open inside WeChat; it uses WeChat's own scanner.

## Smart scan

Tap smart scan on the quick-action button. The app works out what you scanned:

1. A booking link QR code with an order number: opens store order create for that order.
2. A customer's order QR code, or a 12-digit number starting with 20: opens the order by its number.
3. Anything else: looks up the equipment barcode and opens the equipment info dialog.

- "order/equipment not found, check the number" usually means a misread or a missing digit.

## Zoom and flashlight

- Double-tap the picture to cycle the zoom through 1x, 2x, 4x, 6x and 8x, or use the zoom slider or the plus/minus buttons.
- Turn on "far-distance auto zoom" and the camera zooms in step by step when nothing is detected for a while. Good for small or distant labels. The setting is remembered on the device.
- In dim light or in the gear store room, turn on the flashlight.

## With gloves on

- Double-tapping and dragging the slider is hard in ski gloves. Use **photo recognition** (one press of the shutter) or switch on far-distance auto zoom.
- For a worn, icy or shiny barcode, **typing the code** is the fastest.

## Common problems

- The camera needs a secure connection (HTTPS). If the page warns that it is not secure, live scanning will not work; use photo recognition or manual entry and tell your administrator.
- Huawei and HarmonyOS devices may struggle to focus in live scanning. Prefer photo recognition or manual entry on them.
- If the camera cannot be accessed or permission is denied, allow camera access in the browser settings, close other apps using the camera and try again.
- Successful and failed scans each play a sound. In a noisy shop, watch the on-screen message too.`,
  },
  {
    slug: 'store-orders-and-payments',
    audience: 'store',
    language: 'zh-CN',
    title: '处理订单与收款',
    summary: '扫顾客订单码接单、创建订单、收款，优惠与店长批准，加收费用和善意退款。',
    tags: ['订单', '收款', '优惠', '店长批准', '退款'],
    sortOrder: 4,
    body: `柜台上最常见的工作是接待带着订单二维码来的顾客、为散客创建订单，以及收款。

## 接待已预约的顾客

1. 点快捷按钮中的“智能扫码”，扫顾客出示的订单二维码。
2. 系统自动打开该订单。扫不出来时，请顾客报出 12 位订单号（以 20 开头），手动输入查找。
3. 核对顾客姓名、租期和装备，按订单发放装备。

## 创建订单

1. 点快捷按钮中的“创建订单”，或在订单列表中新建。
2. 用装备搜索窗口查找并添加装备，也可以扫设备条码。
3. 选择租期、取装备方式（到店自取或送货上门）和归还方式（自行归还或上门取件）。配送费、取件费和可选押金金额由门店预设。
4. 核对费用后提交，进入收款页面。

- 订单类型包括普通、预约、线上、招待和借用。

## 收款

1. 在收款页面选择支付方式：现金始终可用；微信支付、支付宝需要门店开通后才显示。
2. 收现金：点清现金后在系统中确认已收到现金。
3. 线上支付：请顾客扫码付款，等待付款状态更新为已支付。

- 网络不好时，付款状态可能更新得慢。先刷新确认，不要让顾客重复付款。
- 未支付的订单超过门店设定的时限会自动取消，装备随之释放。

## 货到付款

- 门店在业务参数中开启“货到付款”后，送货上门的订单可以先配送、送达时由司机收款。顾客可以在付款页面选择货到付款；店员也可以在未付款的配送订单上点 **改为货到付款**。
- 货到付款的订单进入“待配送”，不会因超时未付款而取消；订单列表、备货列表和订单详情会显示“货到付款 · 待收 ¥金额”，可以照常备货和出发配送。
- 司机送达时先收款（现金或顾客扫码），收款后才能确认送达；未收款时系统会拒绝确认送达。司机收的现金记在交班对账中该司机名下。
- 货到付款的订单未付款前不能改为到店自取：请先收款，或取消后重新下单。押金在收款后才计入“押金在押”。

## 补款与退款

- 订单详情中可以看到是否超期；超时费在归还验收时单独列出，计入订单。
- 损坏费在归还验收时填写；清洁费等其他费用在“费用调整”里加收。归还结算后押金不够的部分生成补款账单，在“账单”里收款。
- 押金和多付的钱在归还结算后生成退款账单，在“账单”里退款；提前归还不用的天数需要退费时，在“费用调整”里做善意退款。

## 优惠、加收费用与善意退款

- 优惠只抵扣租金，押金和配送费不参与优惠；超过租金的优惠会被拒绝。招待和借用订单仍然免租金、不收押金。
- 店员自己最多可以给租金的一定比例（业务参数“店员最大优惠”，默认 20%），优惠栏下方会写明“店员最多优惠 ¥X”。店长和超级管理员不受限制。
- 超出比例时，提交订单会弹出“需要店长批准”，先填写原因，再选一种方式：
  1. 店长在本机确认：店长输入自己的账号和密码，只用于这一次批准，不会登录店长账号；输错会计入登录失败次数。
  2. 店长在自己手机上批准：点“发送申请”，店长在“工作台 › 待批准”里批准或写明原因拒绝；批准后点“已批准，提交”。批准 30 分钟内有效，只能用一次；不等了可以“撤回申请”。
- 已有订单需要补收费用（如出门时补拿的头盔、清洁费）或善意退款（如雪道临时关闭）时，在订单详情的“费用调整”里操作：填写金额和原因，确认后提交。加收费用会增加待付金额或生成补款单；归还结算后会并入结算的补款或退款。善意退款最多退已付的租金（押金不在其中），生成退款单后在“账单”里办理退款。超出店员比例同样需要店长批准。
- 每一笔优惠、加收和退款都记入订单动态和操作日志（资金类），写明金额、原因和批准的店长；顾客能看到原因，看不到店长姓名。

## 代理商代客下的订单

- 订单列表的“待确认”标签里是代理商为顾客下的订单，装备已为顾客保留。
- 打开订单，核对顾客、租期和装备后点“确认订单”：生成待付账单，顾客可以在线、到店或向司机付款，付款时限从确认时算起。
- 接不了的订单点“拒绝订单”并写明原因，装备随之释放，代理商能看到订单已取消。
- 租期开始时仍未确认的订单，系统会自动取消。

## 收据

- 每笔收款、补款和退款结清时都会得到一个收据号（R + 日期 + 当天序号），财务页的账单列表和导出的 CSV 里都有它。
- 订单有已结清的款项后，订单详情的账单下方有“查看收据”：收据上有门店、订单号、装备、费用、押金已收和已退，以及每笔收退款的收据号、方式和经手人。
- 在收据页点“打印”打印（黑白、不带导航），点“分享”把收据链接发给顾客：顾客不用登录就能打开，链接里看不到店员姓名，只显示“门店店员”。`,
  },
  {
    slug: 'store-orders-and-payments',
    audience: 'store',
    language: 'en-US',
    title: 'Handling orders and taking payments',
    summary:
      "Scan a customer's order code, create orders, take payments, give discounts with a manager's approval, add fees and give goodwill refunds.",
    tags: ['orders', 'payment', 'discount', 'approval', 'refund'],
    sortOrder: 4,
    body: `Most counter work is serving customers who bring an order QR code, creating orders for walk-in customers, and taking payments.

## Serving a customer who booked

1. Tap smart scan on the quick-action button and scan the customer's order QR code.
2. The order opens automatically. If the code will not scan, ask for the 12-digit order number (it starts with 20) and type it in.
3. Check the customer's name, the rental period and the gear, then hand out the gear for the order.

## Creating an order

1. Tap create order on the quick-action button, or start a new order from the order list.
2. Find and add gear with the equipment search, or scan equipment barcodes.
3. Choose the rental period, how the customer gets the gear (store pickup or delivery) and how it comes back (self return or pickup). Delivery fees, pickup fees and deposit amounts are preset by the store.
4. Check the fees, submit and go on to the payment page.

- Order types are normal, reservation, online, hospitality and loan.

## Taking payment

1. On the payment page choose the method. Cash is always available; WeChat Pay and Alipay appear only when the store has enabled them.
2. Cash: count the money, then confirm in the app that the cash was received.
3. Online: the customer scans and pays; wait until the payment status shows paid.

- On a weak network the payment status can be slow to update. Refresh to check before asking the customer to pay again.
- Unpaid orders are cancelled automatically after the store's time limit and their gear is released.

## Cash on delivery

- When the store switches on Cash on delivery in the business parameters, a delivered order can go out first and be paid to the driver at the door. Customers choose it on the payment page; staff can tap **Switch to cash on delivery** on an unpaid delivery order.
- Such an order waits for delivery and is not cancelled for being unpaid. The order list, the preparation list and the order details show "Cash on delivery · collect ¥amount"; prepare and send it out as usual.
- At the door the driver collects first (cash, or the customer scans to pay); the delivery can only be confirmed once it is paid, and the app refuses it before. Cash the driver takes shows under the driver in the shift close.
- An unpaid cash-on-delivery order cannot switch to pickup at the store: take the payment first, or cancel it and book again. Its deposit counts as held only once it is paid.

## Supplements and refunds

- The order details show whether the order is overdue; the late fee is listed on its own at the return check-in and added to the order.
- A damage fee is entered at the return check-in; a cleaning or other fee is added under adjustments. What the deposit does not cover after the return becomes a supplement bill, collected under bills.
- The deposit and any overpayment become a refund bill after the return, refunded under bills; for unused days after an early return, give a goodwill refund under adjustments.

## Discounts, added fees and goodwill refunds

- A discount comes off the rent only, never the deposit or delivery fees; a discount larger than the rent is refused. Hospitality and loan orders are still free of rent and hold no deposit.
- A clerk gives up to a share of the rent alone (business parameter "Largest clerk discount", 20% by default); the discount field says "A clerk gives at most ¥X". Store managers and the super admin are not limited.
- Beyond it, submitting opens "A manager must approve": give the reason, then either:
  1. Manager signs in here: the manager types their own user name and password, used for this approval only, without signing them in; wrong passwords count as failed sign-ins.
  2. Manager approves on their phone: tap "Send request"; the manager approves it, or refuses with a reason, under Workspace › Approvals; then tap "Approved: submit". An approval lasts 30 minutes and allows one change; "Withdraw request" stops waiting.
- To add a fee to an existing order (a helmet taken at the door, cleaning) or give money back out of goodwill (slopes closed for half a day), use Adjustments on the order's page: amount and reason, confirm, submit. A fee raises the amount to pay or adds a supplement bill; after the return it is folded into the settlement's supplement or refund. A goodwill refund gives back at most the rent paid (never the deposit) as a refund bill, settled under Bills. Beyond the clerk's share the same approval applies.
- Every discount, added fee and refund is written in the order's timeline and in the audit log (money) with the amount, the reason and the approving manager; the customer sees the reason, never the manager's name.

## Orders agents place for customers

- The Pending tab of the order list holds the orders agents placed for customers; their gear is already held.
- Open one, check the customer, dates and gear, and tap Confirm order: the bill is issued and the customer pays online, at the store or to the driver. The time to pay starts at the confirmation.
- If the store cannot take it, tap Decline order and give the reason; the gear is freed and the agent sees the order cancelled.
- An order still not confirmed when its rental starts is cancelled automatically.

## Receipts

- Every payment, supplement and refund gets a receipt number when it is settled (R + the date + the day's sequence); the finance page's bill list and its CSV export show it.
- Once something on an order is settled, the order's bills end with "View receipt": the store, the order number, the gear, the fees, the deposit held and returned, and each payment and refund with its receipt number, method and who confirmed it.
- On the receipt, "Print" prints it (black on white, without the app's navigation) and "Share" sends its link to the customer, who opens it without signing in; the link shows staff by role ("Store staff"), never by name.`,
  },
  {
    slug: 'store-check-out',
    audience: 'store',
    language: 'zh-CN',
    title: '设备出库',
    summary: '扫码打开设备，填写原因、备注、开始日期和天数后出库；只有在库设备才能出库。',
    tags: ['出库', '快捷原因', '开始日期', '租赁天数'],
    sortOrder: 5,
    body: `出库会把一件在库的设备标记为在指定日期段内不可用，例如团单、租赁或借用。只有状态为“在库/可用”（0）的设备才能出库。

## 操作步骤

1. 用“智能扫码”扫设备条码（或从库存列表进入设备），打开设备信息窗口。
2. 确认设备名称、条码号和状态标签为绿色“在库”。
3. 填写操作原因：点快捷原因 **团单**、**租赁**、**借用**、**招待** 之一，或自己输入。
4. 需要时填写备注。
5. 选择开始日期，并用天数加减器设置天数。
6. 点出库按钮，提示成功即完成。

## 填写规则

- 操作原因必填，最多 200 字；未填写会提示“请填写操作原因”。
- 备注选填，最多 500 字。
- 开始日期可选今天到一年以内，未选会提示“请选择开始日期”。
- 开始日期默认是今天；当前时间晚于门店的次日分界时间（默认 21:00）时，默认是明天。
- 天数为 1 到 365 的整数；小于 1 会提示“请输入有效天数（至少1天）”。

## 批量出库

一次要出库多件（例如一家人的整套装备、团单）时，在库存列表点 **批量出入库**，选“出库”：

1. 点 **扫码添加**，相机会一直开着：把镜头从一个标签移到下一个，每件都会响一声并显示结果（绿色为已加入，红色为不能出库及原因）。也可以直接用扫码枪逐件扫描。
2. 扫完点 **完成**，列表里是本次所有设备；扫错的点右侧 × 移除。
3. 填一次原因、开始日期和天数，点 **出库 N 件**，确认后一起出库。
4. 有设备未成功（例如刚被别人出库）时，它会留在列表里并写明原因，其余设备照常出库。

## 断网时

网络断开时，批量出入库照常可用：

1. 本机见过的设备（在库存列表或扫码中出现过，一周内）仍可扫码加入，并标注“离线：某时的记录”。本机没见过的条码要等联网后再扫。
2. 提交后操作保存在本机，顶部横幅显示“N 项离线操作待发送”；点 **查看** 可看到每一项和保存时间。
3. 联网后会按操作顺序自动提交，每项只执行一次，即使同一操作被发送了两次。
4. 服务器未能执行的一项（例如设备已被别人出库）会标为“未能提交”并写明原因：核对设备的当前状态后重新操作，再点 **移除**。

## 小贴士

- 出库后，这件设备在该日期段内不会再被预约或选中。
- 填到一半被打断也不要紧：每件设备的表单草稿会在本机保存 24 小时。
- 戴手套时用快捷原因代替打字，天数用加减按钮调整。
- 出库失败时会显示服务器返回的原因或“出库失败，请重试”；信号弱时稍后再试，先刷新确认是否已经出库成功，避免重复操作。`,
  },
  {
    slug: 'store-check-out',
    audience: 'store',
    language: 'en-US',
    title: 'Checking gear out (stock-out)',
    summary:
      'Scan the item, fill in the reason, remarks, start date and number of days, then check it out. Only available items can be checked out.',
    tags: ['check-out', 'quick reasons', 'start date', 'rental days'],
    sortOrder: 5,
    body: `Checking out marks an available item as unavailable for a date range, for example for a group order, a rental or a loan. Only items with status "available / in stock" (0) can be checked out.

## Steps

1. Scan the item's barcode with smart scan (or open it from the inventory list) to open the equipment info dialog.
2. Check the name, the barcode number and that the status tag is the green "available".
3. Enter the reason: tap a quick reason, **group order**, **rental**, **lending** or **hospitality**, or type your own.
4. Add remarks if needed.
5. Choose the start date and set the number of days with the days stepper.
6. Tap the check-out button. A success message confirms it.

## Rules

- The reason is required, up to 200 characters. Without it you see "please fill in the operation reason".
- Remarks are optional, up to 500 characters.
- The start date can be from today to one year ahead. Without it you see "please select the start date".
- The start date defaults to today, or to tomorrow when the current time is after the store's next-day threshold (21:00 by default).
- Days are whole numbers from 1 to 365. Less than 1 shows "please enter a valid number of days (at least 1 day)".

## Batch check-out

To check out several items at once (a family's kit, a group order), tap **Batch check-out/in** on the inventory list and choose "Check out":

1. Tap **Scan to add**. The camera stays open: move it from label to label, and each item beeps and shows its result (green: added; red: cannot be checked out, and why). A barcode gun works too.
2. Tap **Done** when finished. The list shows everything scanned; remove a wrong one with the × on its right.
3. Give one reason, start date and number of days, tap **Check out N items** and confirm.
4. An item the server refuses (for example, checked out by someone else a moment ago) stays in the list with the reason; the others go out.

## Without network

When the network drops, batch check-out and check-in keep working:

1. Gear this phone has seen in the last week (in the inventory list or a scan) can still be scanned; it is marked "Offline: as of …". A barcode the phone has not seen has to wait for the network.
2. What you submit is kept on the phone, and the banner at the top says how many offline actions wait to be sent; tap **View** to see each with its time.
3. When the network returns they are sent in the order you made them, and each is applied only once, even if it is sent twice.
4. One the server could not apply (for example, the item was checked out by someone else meanwhile) is marked "Not applied" with the reason: check the item as it is now, do it again, then tap **Remove**.

## Tips

- Once checked out, the item cannot be booked or chosen for that date range.
- If you are interrupted, no problem: the form draft for each item is kept on the device for 24 hours.
- With gloves on, use the quick reasons instead of typing and the plus/minus buttons for the days.
- If it fails you see the server's message or "check-out failed, please retry". On a weak network, refresh first to see whether it went through before trying again.`,
  },
  {
    slug: 'store-check-in',
    audience: 'store',
    language: 'zh-CN',
    title: '设备入库',
    summary: '归还、维修完成、找回、调拨到店或取消报废时，扫码后按原因入库，设备恢复在库。',
    tags: ['入库', '归还', '快捷原因', '维修完成'],
    sortOrder: 6,
    body: `入库让设备回到“在库/可用”状态。顾客归还、维修完成、丢失找回、调拨到店、取消报废，都通过入库完成。状态 1 到 5 的设备都可以入库。

## 操作步骤

1. 用“智能扫码”扫设备条码，打开设备信息窗口。
2. 查看状态标签，确认这件设备当前的状态。
3. 填写操作原因：点快捷原因 **租赁归还**、**借用归还**、**招待结束** 之一，或自己输入。
4. 需要时填写备注，例如“雪板底面有划痕”。
5. 点入库按钮。按钮文字随设备状态变化：

- 已出库/使用中（1）：入库
- 损坏/维修中（2）：维修完成
- 丢失（3）：找回入库
- 调拨中（4）：确认入库
- 已报废（5）：取消报废

## 填写规则

- 操作原因必填，最多 200 字；备注最多 500 字。
- 入库时默认会清除之前出库时设置的不可用时段，设备可以马上再被预约。

## 订单中的设备

- 顾客订单里尚未归还的设备不能直接入库：设备窗口会写明是哪个订单，点 **在订单中办理归还** 进入该订单的归还验收，押金一并结算。

## 批量入库

在库存列表点 **批量出入库**，选“入库”，用相机（一直开着）或扫码枪逐件扫描，填一次原因，点 **入库 N 件** 并确认。已在库的设备和订单中的设备扫描时就会提示，不会加入列表。

## 添加新库存

- 在库存列表页，快捷按钮中的“创建订单”会变为“添加库存”，点它进入设备入库页面。上传的图片会自动压缩，弱网下也能较快上传。

## 断网时

网络断开时，批量出入库照常可用：

1. 本机见过的设备（在库存列表或扫码中出现过，一周内）仍可扫码加入，并标注“离线：某时的记录”。本机没见过的条码要等联网后再扫。
2. 提交后操作保存在本机，顶部横幅显示“N 项离线操作待发送”；点 **查看** 可看到每一项和保存时间。
3. 联网后会按操作顺序自动提交，每项只执行一次，即使同一操作被发送了两次。
4. 服务器未能执行的一项（例如设备已被别人出库）会标为“未能提交”并写明原因：核对设备的当前状态后重新操作，再点 **移除**。

## 小贴士

- 归还时逐件扫码，边扫边检查有无损坏；有问题先把设备标记为损坏，不要直接入库。
- 扫到的设备属于其他门店时会弹出提示，请先核实，详见《设备属于其他门店的提示》。
- 入库失败会显示服务器返回的原因或“入库失败，请重试”。`,
  },
  {
    slug: 'store-check-in',
    audience: 'store',
    language: 'en-US',
    title: 'Checking gear in (stock-in)',
    summary:
      'For returns, finished repairs, found items, transfers or undoing a scrapping: scan, give a reason and check in to make the item available.',
    tags: ['check-in', 'return', 'quick reasons', 'repair completed'],
    sortOrder: 6,
    body: `Checking in puts an item back to "available / in stock". Customer returns, finished repairs, lost items found again, transfers arriving and undoing a scrapping are all done by checking in. Items with status 1 to 5 can be checked in.

## Steps

1. Scan the item's barcode with smart scan to open the equipment info dialog.
2. Look at the status tag to see the item's current status.
3. Enter the reason: tap a quick reason, **rental return**, **borrow return** or **hospitality end**, or type your own.
4. Add remarks if needed, for example "scratches on the base".
5. Tap the check-in button. Its label depends on the item's status:

- Checked out / in use (1): check in
- Damaged or under repair (2): repair completed
- Lost (3): found and checked in
- In transfer (4): confirm check-in
- Scrapped (5): cancel scrapping

## Rules

- The reason is required, up to 200 characters; remarks up to 500 characters.
- By default, checking in clears the unavailable period set at check-out, so the item can be booked again right away.

## Gear on an order

- Gear still out on a customer's order cannot be checked in on its own: the equipment dialog names the order; tap **Check in through the order** to open that order's return check-in, which settles the deposit too.

## Batch check-in

On the inventory list tap **Batch check-out/in** and choose "Check in". Scan item after item with the camera (it stays open) or a barcode gun, give one reason, tap **Check in N items** and confirm. Items already in stock, and gear on an order, are refused as they are scanned and never join the list.

## Adding new stock

- On the inventory list, the quick-action button's create order becomes "add stock" and opens the check-in page. Photos you upload are compressed automatically, so they upload faster on a weak network.

## Without network

When the network drops, batch check-out and check-in keep working:

1. Gear this phone has seen in the last week (in the inventory list or a scan) can still be scanned; it is marked "Offline: as of …". A barcode the phone has not seen has to wait for the network.
2. What you submit is kept on the phone, and the banner at the top says how many offline actions wait to be sent; tap **View** to see each with its time.
3. When the network returns they are sent in the order you made them, and each is applied only once, even if it is sent twice.
4. One the server could not apply (for example, the item was checked out by someone else meanwhile) is marked "Not applied" with the reason: check the item as it is now, do it again, then tap **Remove**.

## Tips

- Scan returned items one by one and inspect each. If something is damaged, mark it damaged instead of checking it in.
- If the item belongs to another store, a notice appears. Check first; see "Equipment belonging to another store".
- If it fails you see the server's message or "check-in failed, please retry".`,
  },
  {
    slug: 'store-equipment-status',
    audience: 'store',
    language: 'zh-CN',
    title: '设备状态与标记损坏/丢失',
    summary: '设备状态 0 到 5 的含义和颜色，设备信息窗口怎么看，以及如何标记损坏或丢失。',
    tags: ['设备状态', '损坏', '丢失', '设备信息'],
    sortOrder: 7,
    body: `每件设备都有一个状态，显示在设备信息窗口的状态标签上。看懂状态，才能判断这件设备能不能出库、该怎么入库。

## 状态一览

- **0 在库/可用**（绿色）：可以出库或被预约。
- **1 已出库/使用中**（红色）：在顾客手上或已出库，归还后入库。
- **2 损坏/维修中**（橙色）：修好后用“维修完成”入库。
- **3 丢失**（红色）：找到后用“找回入库”入库。
- **4 调拨中**（橙色）：在门店之间调拨，到店后用“确认入库”。
- **5 已报废**（灰色）：不再使用；误操作可用“取消报废”恢复。

- 状态为 2、3、4、5 的设备，或所选日期与不可用时段重叠的设备，都不能被预约。

## 设备信息窗口

- 顶部最多显示 3 张缩略图，更多图片显示“+N”，点击可看大图；没有图片时会提示“该设备暂无图片”。
- 详情包括：门店、品牌、型号、分类、日租金、押金、使用次数。
- 可展开“相关订单”，分为使用中、已预约、未支付、已完成四个标签，每个标签显示数量，每次加载 10 条，可点“加载更多”。点订单可打开订单详情。

## 标记损坏或丢失

1. 扫码打开设备信息窗口。
2. 选择标记损坏或标记丢失，填写原因和备注。
3. 在确认提示中再次确认。

- 只有状态为 0（在库）或 1（使用中）的设备可以标记损坏或丢失。
- 标记损坏后状态变为 2，标记丢失后变为 3。
- 司机在配送或取件中标记的，原因会记录为“司机标记为损坏/丢失”。
- 涉及顾客赔偿时，在归还验收中填写损坏费，或在订单详情的“费用调整”里加收。`,
  },
  {
    slug: 'store-equipment-status',
    audience: 'store',
    language: 'en-US',
    title: 'Equipment statuses and marking gear damaged or lost',
    summary:
      'What equipment statuses 0 to 5 and their colours mean, how to read the equipment info dialog, and how to mark gear damaged or lost.',
    tags: ['equipment status', 'damaged', 'lost', 'equipment info'],
    sortOrder: 7,
    body: `Every item has a status, shown by the status tag in the equipment info dialog. The status tells you whether the item can be checked out and how to check it back in.

## The statuses

- **0 Available / in stock** (green): can be checked out or booked.
- **1 Checked out / in use** (red): with a customer or checked out; check it in when it comes back.
- **2 Damaged or under repair** (orange): check in with "repair completed" once fixed.
- **3 Lost** (red): check in with "found and checked in" once found.
- **4 In transfer** (orange): moving between stores; use "confirm check-in" when it arrives.
- **5 Scrapped** (grey): out of use; "cancel scrapping" restores it if it was a mistake.

- Items with status 2, 3, 4 or 5, and items whose unavailable periods overlap the chosen dates, cannot be booked.

## The equipment info dialog

- Up to 3 thumbnails at the top, "+N" when there are more; tap for a full preview. With no images you see "this equipment has no images".
- Details: store, brand, model, category, daily rent price, deposit and usage count.
- Expand "related orders" for four tabs: in use, reserved, unpaid and completed. Each shows a count and loads 10 orders at a time with a load-more button. Tap an order to open it.

## Marking damaged or lost

1. Scan the item to open the equipment info dialog.
2. Choose mark damaged or mark lost, and fill in the reason and remarks.
3. Confirm in the confirmation prompt.

- Only items with status 0 (available) or 1 (in use) can be marked damaged or lost.
- Marking damaged sets status 2; marking lost sets status 3.
- When a driver marks an item during delivery or pickup, the reason is recorded as "driver marked as damaged/lost".
- To charge the customer, enter the damage fee at the return check-in, or add it under the order's adjustments.`,
  },
  {
    slug: 'store-early-return',
    audience: 'store',
    language: 'zh-CN',
    title: '办理提前归还',
    summary:
      '顾客提前还装备时，在设备信息窗口办理提前归还解锁设备；租金退款在订单的“费用调整”里办理“善意退款”。',
    tags: ['提前归还', '解锁设备', '退款'],
    sortOrder: 8,
    body: `顾客在租期结束前把装备还回来时，办理“提前归还”，把设备从这个订单中解锁，让它可以再租给其他顾客。

## 什么时候可以办理

- 门店已启用提前归还功能。
- 订单状态在“待配送”到“已归还”之间。
- 该设备在这个订单中还没有办理过提前归还。

## 操作步骤

1. 先确认装备已经实物回到店里，并检查有无损坏。
2. 扫设备条码，打开设备信息窗口，选择对应订单的提前归还。
3. 选择快捷原因：**客户提前归还**、**设备损坏**、**客户要求**、**其他**，需要时填写备注。
4. 阅读确认提示：提前归还会解锁该设备，订单中这件设备记为已提前归还；请确认装备已回到店内。
5. 确认后完成。

## 办理之后

- 订单详情的设备列表会显示这件设备“提前归还”及时间。
- 租金不会自动退还。需要给顾客退未使用天数的租金时，打开订单详情，在“费用调整”里办理“善意退款”，再在“账单”中退款。
- 顾客手中的设备全部归还后，订单自动结算，应退的押金会出现在“账单”中。
- 设备有损坏的，按《设备状态与标记损坏/丢失》处理，必要时收取损坏费。
- 订单有多件设备的，每件都要扫码办理。
- 办理失败会显示服务器返回的原因或“提前归还失败，请重试”。`,
  },
  {
    slug: 'store-early-return',
    audience: 'store',
    language: 'en-US',
    title: 'Handling an early return',
    summary:
      'When a customer returns gear early, record the early return in the equipment info dialog to unlock the item; rent is given back with a goodwill refund under Adjustments.',
    tags: ['early return', 'unlock equipment', 'refund'],
    sortOrder: 8,
    body: `When a customer brings gear back before the rental ends, record an early return. This unlocks the item from the order so it can be rented to other customers.

## When it is available

- Early return is enabled for the store.
- The order status is between PendingDelivery and Returned.
- The item has not already been early-returned for this order.

## Steps

1. Make sure the gear is physically back in the store and check it for damage.
2. Scan the item's barcode to open the equipment info dialog and choose early return for the order.
3. Pick a quick reason, **customer returned early**, **equipment damaged**, **customer request** or **other**, and add remarks if needed.
4. Read the confirmation: the early return unlocks the item and marks it returned early on the order; make sure the gear is back in store.
5. Confirm.

## Afterwards

- The order's gear list shows the item as returned early, with the time.
- Rent is not given back by itself. To refund rent for unused days, open the order details, use Goodwill refund under Adjustments, then give the refund under Bills.
- Once all the gear with the customer is back, the order settles and any deposit owed back appears under Bills.
- If the item is damaged, follow "Equipment statuses and marking gear damaged or lost" and charge a damage fee if needed.
- For an order with several items, scan and record each item.
- If it fails you see the server's message or "early return failed, please retry".`,
  },
  {
    slug: 'store-other-store-equipment',
    audience: 'store',
    language: 'zh-CN',
    title: '设备属于其他门店的提示',
    summary: '扫到其他门店的设备时会弹出提示，可以继续查看和操作，但请先核实设备归属。',
    tags: ['其他门店', '设备归属', '调拨'],
    sortOrder: 9,
    body: `扫码打开一件不属于本门店的设备时，系统会提示：“此设备属于某门店，不属于本门店；您可以继续查看和操作，但请核实”。

## 遇到提示怎么办

1. 核对条码：确认扫到的是手上这件设备的条码，没有扫到旁边的设备。
2. 看清提示中的门店名称，确认你当前登录的门店是否正确。
3. 确认无误、确实需要处理时，点“继续”正常查看和操作。
4. 不确定时点“关闭”，先联系设备所属门店确认。

## 常见情况

- 顾客在 A 店租、到 B 店还：先与所属门店沟通，再决定入库方式。
- 门店之间调拨：状态为“调拨中”（4）的设备到店后，用“确认入库”入库。
- 条码贴错或重复：不要继续操作，交给店长处理。

## 小贴士

- 这个提示只是提醒，不会阻止操作，所以更要认真核对。
- 在备注中写明原因，例如“顾客在本店归还，已电话告知所属门店”，方便之后查证。`,
  },
  {
    slug: 'store-other-store-equipment',
    audience: 'store',
    language: 'en-US',
    title: 'Equipment belonging to another store',
    summary:
      "Scanning another store's item shows a notice. You may continue viewing and operating, but verify where the item belongs first.",
    tags: ['other store', 'ownership', 'transfer'],
    sortOrder: 9,
    body: `When you open an item that does not belong to your store, you see: "this equipment belongs to (store name), not this store; you may continue viewing and operating but please verify".

## What to do

1. Check the barcode: make sure you scanned the item in your hand and not the one next to it.
2. Read the store name in the notice and check that you are working in the right store.
3. If everything is correct and you need to act, tap continue and work as usual.
4. If unsure, tap close and contact the store that owns the item first.

## Common cases

- Rented at store A, returned at store B: talk to the owning store before deciding how to check it in.
- Transfer between stores: when an item "in transfer" (4) arrives, check it in with "confirm check-in".
- Wrong or duplicate barcode label: do not continue; pass the item to the store manager.

## Tips

- The notice is only a reminder and does not block you, so check carefully.
- Write the reason in the remarks, for example "customer returned it here, owning store informed by phone", so it can be traced later.`,
  },
  // ---------------------------------------------------------------------------
  // Driver
  // ---------------------------------------------------------------------------
  {
    slug: 'driver-delivery-orders',
    audience: 'driver',
    language: 'zh-CN',
    title: '配送任务与确认送达',
    summary:
      '在工作台查看今日任务，接单或由门店指派，装车后上门交付：勾选设备、拍照、请签收人签名。',
    tags: ['配送', '确认送达', '接单', '签名'],
    sortOrder: 1,
    body: `司机用员工账号（用户名或邮箱加密码）登录后进入司机工作台。顾客选择“送货上门”的订单会生成配送任务。

## 工作台

- **今日任务**：今天要送的（含已超时的）和已完成的配送、取件数量，点数字进入对应列表。
- **下一个任务**：最早要处理的一单，地址、时间、顾客电话一目了然。
- 右下角的**扫码按钮**：扫顾客的订单二维码或设备条码，直接打开对应订单。
- 下拉页面可刷新。

## 配送订单

1. 打开“配送订单”，“待完成”里可按 **全部 / 我的 / 待接单** 筛选；“已完成”是你送达的订单。
2. 每张卡片有送达时间（超时会标红）、地址、顾客和电话（点电话直接拨打）、设备和待收金额。
3. 点地址可选择用 **高德地图、百度地图或腾讯地图** 导航，地图会在门店附近搜索这个地址。
4. 门店可以把任务指派给你；“待接单”的任务点 **接单** 即归你，已被别人接走时会提示是谁。

## 装车出发

在工作台点 **扫码装车**（或订单页的“扫码装车”），选择要出发的订单，逐件扫描装车，详见《扫码装车》。全部扫完点 **确认出发**，订单变为“配送中”。

## 上门交付（确认送达）

1. 在订单页点 **确认送达**。
2. 当面清点：逐件 **扫码交付** 或点 **勾选**，直到“已交付 N/N 件”。
3. 点 **拍交付照片**，拍下交给顾客的设备。
4. 请签收人在签名框里用手指签名（签错了点“重签”），确认签收人姓名。
5. 点 **确认送达** 并确认。照片和签名保存在订单里，订单变为“已送达”（租期已开始则直接“使用中”）。

## 小贴士

- 缺照片、签名或有设备没勾选时无法确认，页面会提示还差什么。
- 手机没电或无法拍照时，请门店在订单页代为确认送达并写明原因。
- 确认后页面没变化时，先刷新订单查看状态，不要重复提交。`,
  },
  {
    slug: 'driver-delivery-orders',
    audience: 'driver',
    language: 'en-US',
    title: 'Delivery runs and confirming delivery',
    summary:
      "See today's runs on your dashboard, take a run or get one from the store, load the van, and hand over at the door: tick the items, take a photo, have the recipient sign.",
    tags: ['delivery', 'confirm delivery', 'take a run', 'signature'],
    sortOrder: 1,
    body: `Drivers sign in with a staff account (user name or e-mail plus password) and land on the driver dashboard. Every order the customer chose to have delivered gives a delivery run.

## The dashboard

- **Today**: how many deliveries and pickups are to do today (late ones included) and how many are done; tap a number for its list.
- **Next run**: the earliest run, with its address, time and the customer's phone.
- The **scan button** at the bottom right: scan the customer's order QR code or an item's label to open its order.
- Pull down to refresh.

## Delivery orders

1. Open Delivery orders. Under To do, filter **All / Mine / Open pool**; Done lists the runs you delivered.
2. Each card shows when to deliver by (red when late), the address, the customer and phone (tap to call), the gear and anything to collect.
3. Tap the address to navigate with **Amap, Baidu Maps or Tencent Maps**; the map searches for it near the store.
4. The store can give you a run; for one in the open pool tap **Take** and it is yours. If another driver took it first, you are told who.

## Loading the van

Tap **Load the van** on the dashboard (or on the order page), choose the delivery going out and scan each item into the van; see "Loading the van". When all are scanned, tap **Leave for delivery**: the order is Delivering.

## At the door (confirm delivery)

1. On the order page tap **Confirm delivery**.
2. Count together: **Scan items handed over** or **Tick** each until it reads "N of N handed over".
3. Tap **Take the hand-over photo** and photograph the gear you hand over.
4. The recipient signs in the box with a finger (**Sign again** to redo); check the recipient's name.
5. Tap **Confirm delivery** and confirm. The photo and signature stay with the order; it becomes Delivered (or In use at once when the rental has started).

## Tips

- Without the photo, the signature or every item ticked, the page says what is still missing.
- If your phone dies or cannot take photos, ask the store to confirm the delivery on the order page, with the reason.
- If nothing seems to happen, refresh the order before trying again.`,
  },
  {
    slug: 'driver-pickup-orders',
    audience: 'driver',
    language: 'zh-CN',
    title: '上门取件',
    summary: '接取件任务，上门逐件扫码取回；损坏的拍照说明，丢失的写明情况，门店验收时结算。',
    tags: ['取件', '上门取件', '损坏', '丢失'],
    sortOrder: 2,
    body: `顾客选择“上门取件”归还的订单会生成取件任务，从租期结束时开始取件。

## 取件订单

1. 打开“取件订单”，和配送订单一样可筛选 **全部 / 我的 / 待接单**，点 **接单** 领取任务。
2. 卡片上有取件时间、地址（点地址导航）、顾客电话和设备清单。

## 上门取件

1. 在订单页点 **确认取件**。
2. 点 **扫码取件**，逐件扫描取回的设备，扫到的记为“完好”。
3. 有损坏的设备：选 **损坏**，写明情况（例如“杖尖断裂”），并点“拍损坏照片”。
4. 没找到的设备：选 **丢失**，写明情况（例如“客户说落在缆车上”）。
5. 每件都说明后点 **确认取件** 并确认。订单变为“待归还”，把设备带回门店。

## 之后

- 损坏或丢失的设备会立即标记，设备记录中的原因是“司机标记损坏/丢失”。
- 门店归还验收时会看到你的说明并已预先勾选，由门店确定赔偿金额，从押金中扣除。`,
  },
  {
    slug: 'driver-pickup-orders',
    audience: 'driver',
    language: 'en-US',
    title: 'Pickups',
    summary:
      'Take a pickup run, scan each item you collect at the door, photograph and describe damage, describe anything lost; the store settles it at check-in.',
    tags: ['pickup', 'collect', 'damaged', 'lost'],
    sortOrder: 2,
    body: `Every order the customer chose to have picked up gives a pickup run, due from the end of the rental.

## Pickup orders

1. Open Pickup orders. As with deliveries, filter **All / Mine / Open pool** and tap **Take** for a run in the pool.
2. Each card shows when to collect, the address (tap to navigate), the customer's phone and the gear.

## At the door

1. On the order page tap **Confirm pickup**.
2. Tap **Scan items collected** and scan each item you take back: it counts as **Fine**.
3. For a damaged item choose **Damaged**, say what (for example "cracked lens") and tap "Photo of the damage".
4. For an item not found choose **Lost** and say what happened.
5. When every item is accounted for, tap **Confirm pickup** and confirm. The order waits for the store's check-in; bring the gear back.

## Afterwards

- A damaged or lost item is marked at once; its history gives the reason "driver marked as damaged/lost".
- The store's return check-in shows your report already ticked; the store sets the damage fee, taken from the deposit.`,
  },
  {
    slug: 'driver-scan-binding',
    audience: 'driver',
    language: 'zh-CN',
    title: '扫码装车',
    summary: '出发前逐件扫描装车的设备，相机一直开着，每件都有提示音和结果，扫完一次确认出发。',
    tags: ['扫码', '装车', '出发配送'],
    sortOrder: 3,
    body: `装车时把每件设备和配送订单逐一核对，扫错或漏装都会提示。

## 操作步骤

1. 在工作台点 **扫码装车**。
2. 在列表中点要出发的订单下方的 **装车 订单号**；也可以点“扫码找配送订单”，扫订单二维码或其中任意一件设备。
3. 在装车窗口点 **扫码**，相机会一直开着：把镜头从一个标签移到下一个，每件都会响一声并显示结果（绿色为已装车，红色为不属于这个订单或已扫过）。也可以用扫码枪逐件扫描。
4. 扫完点 **完成**，窗口显示“已扫描 N/N 件”后点 **确认出发**。

## 小贴士

- 按类别预订的订单，扫同类同尺码的任意一件即可。
- 光线暗时打开闪光灯；标签远时打开“远距离自动变焦”。
- 识别不了时可用“拍照识别”或“手动输入”条码。`,
  },
  {
    slug: 'driver-scan-binding',
    audience: 'driver',
    language: 'en-US',
    title: 'Loading the van',
    summary:
      'Before leaving, scan each item into the van with the camera kept open; each one beeps and shows its result, then confirm once.',
    tags: ['scan', 'load', 'leave for delivery'],
    sortOrder: 3,
    body: `Loading checks every item against the delivery order; a wrong or missing item is pointed out.

## Steps

1. On the dashboard tap **Load the van**.
2. Tap **Load (order number)** under the order going out, or tap "Scan to find a delivery" and scan its order QR code or any of its items.
3. In the loading window tap **Scan**. The camera stays open: move it from label to label; each item beeps and shows its result (green: loaded; red: not this order's, or scanned already). A barcode gun works too.
4. Tap **Done**; when the window reads "N/N scanned", tap **Leave for delivery**.

## Tips

- For a line booked by kind, any item of that kind and size will do.
- In poor light turn the torch on; for a label far away turn on far-distance auto zoom.
- If a label will not read, use photo recognition or type the code.`,
  },
  {
    slug: 'driver-damaged-lost',
    audience: 'driver',
    language: 'zh-CN',
    title: '取件时标记损坏/丢失',
    summary: '上门取件时发现损坏选“损坏”并拍照说明，找不到的选“丢失”并说明，设备会立即标记。',
    tags: ['损坏', '丢失', '取件'],
    sortOrder: 4,
    body: `取件时设备的情况由司机在“确认取件”页逐件说明，门店据此验收。

## 怎么标记

1. 在“确认取件”页找到这件设备。
2. 损坏：选 **损坏**，写明损坏情况，点“拍损坏照片”拍清楚损坏部位。损坏必须有照片和说明。
3. 丢失：选 **丢失**，写明情况（顾客怎么说、在哪里丢的）。丢失必须有说明。
4. 确认取件后，设备状态立即变为“损坏维修中”或“丢失”，原因记为“司机标记损坏/丢失”。

## 注意

- 只有在库或已出库的设备会被改状态，已是其他状态的设备只记录你的说明。
- 赔偿金额由门店在归还验收时确定，从押金中扣除；顾客有疑问请联系门店。
- 送货时发现设备有问题，不要交给顾客，联系门店更换。`,
  },
  {
    slug: 'driver-damaged-lost',
    audience: 'driver',
    language: 'en-US',
    title: 'Marking gear damaged or lost at a pickup',
    summary:
      'At a pickup choose Damaged with a photo and remarks, or Lost with remarks; the item is marked at once.',
    tags: ['damaged', 'lost', 'pickup'],
    sortOrder: 4,
    body: `At a pickup the driver reports each item's condition on the Confirm pickup page, and the store checks the return in from it.

## How

1. On the Confirm pickup page find the item.
2. Damaged: choose **Damaged**, say what is wrong and tap "Photo of the damage". Damage needs a photo and remarks.
3. Lost: choose **Lost** and say what happened (what the customer said, where it was lost). Lost needs remarks.
4. Once the pickup is confirmed the item is at once "damaged or under repair" or "lost", with the reason "driver marked as damaged/lost".

## Note

- Only an item in stock or checked out changes status; otherwise your report is kept as it is.
- The store sets the damage fee at the return check-in, taken from the deposit; send customers with questions to the store.
- If you find a problem with an item before a delivery, do not hand it over: call the store for a replacement.`,
  },
  {
    slug: 'driver-payment',
    audience: 'driver',
    language: 'zh-CN',
    title: '上门收款',
    summary: '订单未付款或有待补费用时，司机在收款页面收现金或线上款，确认到账后再交付。',
    tags: ['收款', '现金', '微信支付', '支付宝'],
    sortOrder: 5,
    body: `配送或取件时，如果订单还没有付款，或有需要补交的费用，司机可以在订单的收款页面当面收款。

## 操作步骤

1. 有待收款项时，订单卡片上会显示“待收 ¥金额”；在订单页点 **收款 ¥金额** 进入收款页面。
2. 选择支付方式：现金始终可用；微信支付、支付宝需要门店开通后才会显示。
3. 收现金：当面点清，在系统中确认已收到现金。
4. 线上支付：页面显示收款二维码，请顾客用自己的手机扫码付款，页面会自动显示到账。
5. 确认收款成功后，再交付装备或完成取件。

## 货到付款

- 货到付款的订单在任务卡片和订单页上显示“货到付款 · 待收 ¥金额”，出发配送照常扫码装车。
- 到门口先收款：在订单页点 **先收款 ¥金额**，在收款页面点 **现金收款 ¥金额** 并确认，或请顾客扫描页面上的二维码在线支付。
- 收款完成后再点 **确认送达**，拍照并请顾客签名。未收款时系统不会让你确认送达。
- 你收的现金记在门店交班对账中你的名下，请按门店规定交回。

## 小贴士

- 山区信号弱，付款状态可能更新得慢。先刷新确认，不要让顾客重复付款。
- 顾客对金额有疑问时，不要自行改价，联系门店确认。
- 收到的现金按门店规定及时交回。`,
  },
  {
    slug: 'driver-payment',
    audience: 'driver',
    language: 'en-US',
    title: 'Taking payment on delivery',
    summary:
      'If an order is unpaid or has fees due, take cash or an online payment on the payment page and confirm it before handing over.',
    tags: ['payment', 'cash', 'WeChat Pay', 'Alipay'],
    sortOrder: 5,
    body: `If an order is still unpaid at delivery or pickup, or there are fees still due, the driver can take the payment on the spot on the order's payment page.

## Steps

1. A card shows "To collect ¥amount" when something is owed; on the order page tap **Collect ¥amount** to open the payment page.
2. Choose the method. Cash is always available; WeChat Pay and Alipay appear only when the store has enabled them.
3. Cash: count it in front of the customer, then confirm in the app that the cash was received.
4. Online: the page shows a QR code; the customer scans it with their own phone and pays, and the page shows when the money is in.
5. Only hand over the gear, or finish the pickup, once the payment is confirmed.

## Cash on delivery

- A cash-on-delivery order shows "Cash on delivery · collect ¥amount" on its run card and order page; load it and scan it out as usual.
- At the door, collect first: on the order page tap **Collect ¥amount first**, then on the payment page tap **Take cash ¥amount** and confirm, or let the customer scan the QR code on the page to pay online.
- Then tap **Confirm delivery**, take the photo and have the customer sign. The app will not confirm the delivery before the payment is in.
- Cash you take shows under your name in the store's shift close; hand it in as your store requires.

## Tips

- Mountain signal is weak and the payment status can be slow to update. Refresh to check before asking the customer to pay again.
- If the customer questions the amount, do not change prices yourself; call the store.
- Hand in the cash you collect as your store requires.`,
  },
];
