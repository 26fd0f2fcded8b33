import { beforeEach, describe, expect, it } from 'vitest';
import { HttpFailure, toApiError } from './api-errors';
import { changeLanguage } from './i18n';

function failure(
  status: number | undefined,
  data?: unknown,
  request: Partial<HttpFailure['request']> = {},
): HttpFailure {
  return new HttpFailure(
    'failed',
    { method: 'POST', url: '/app/x', ...request },
    status === undefined ? undefined : { status, data, headers: {} },
  );
}
const msg = (...args: Parameters<typeof failure>) => toApiError(failure(...args)).message;

describe('detailed error messages of spec §8', () => {
  beforeEach(() => changeLanguage('zh-CN'));

  it('400: verification problems, then validation messages, details, message, default', () => {
    const e = toApiError(
      failure(400, { error: { code: 'App:VerificationTokenInvalid', message: 'x' } }),
    );
    expect(e.isVerificationTokenProblem).toBe(true);
    expect(e.message).toBe('安全验证失败，请重试');
    expect(msg(400, '')).toBe('安全验证失败，请重试'); // ABP's bare 400 on a POST
    expect(
      msg(400, {
        error: {
          message: 'bad',
          validationErrors: [
            { message: 'DateOutOfRange', members: ['rentalStartTime'] },
            { message: 'EndInPast', members: ['unavailableEndTime'] },
          ],
        },
      }),
    ).toBe('日期超出可选范围\n所选时段已经结束，请重新选择开始日期');
    // A validator's own English never reaches the screen: plain words in the reader's language.
    expect(
      msg(400, {
        error: {
          message: 'Your request is not valid!',
          validationErrors: [
            { message: 'Invalid UUID', members: ['id'] },
            { message: 'Expected number, received string', members: ['days'] },
          ],
        },
      }),
    ).toBe('请求参数错误，请检查输入');
    // Words the server put in the reader's language (with the field's limits) read as they are.
    expect(
      msg(400, {
        error: {
          message: '提交的内容有误，请检查后重试',
          validationErrors: [
            { message: '最多 50 个字符', members: ['name'] },
            { message: 'ItemsRequired', members: ['items'] },
            { message: 'SomeCodeNobodyKnows', members: ['x'] },
          ],
        },
      }),
    ).toBe('最多 50 个字符\n请至少添加一件设备\n请求参数错误，请检查输入');
    expect(
      msg(400, {
        error: {
          message: 'x',
          validationErrors: [{ message: 'DinOutOfRange', members: ['setting'] }],
        },
      }),
    ).toBe('DIN 应在 0.75–14 之间，以 0.25 为单位');
    expect(msg(400, { error: { message: 'bad', details: 'the details' } })).toBe('the details');
    expect(msg(400, { error: { message: 'bad' } })).toBe('bad');
    expect(msg(400, '', { method: 'get' })).toBe('请求参数错误，请检查输入');
  });

  it('400 in English: the server’s English words for an English reader', async () => {
    await changeLanguage('en-US');
    expect(
      msg(400, {
        error: {
          message: 'Your request is not valid!',
          validationErrors: [{ message: 'At most 50 characters', members: ['name'] }],
        },
      }),
    ).toBe('At most 50 characters');
  });

  it('401 to 503 and others', () => {
    expect(msg(401, {})).toBe('登录已过期，请重新登录');
    expect(msg(403, { error: { message: '店铺不属于您' } })).toBe('店铺不属于您');
    expect(msg(403, {})).toBe('权限不足');
    expect(msg(403, {}, { url: '/app/account/login' })).toBe('登录失败，请检查用户名和密码');
    expect(msg(403, { error: { message: '密码错误' } }, { url: '/app/account/login' })).toBe(
      '密码错误',
    );
    expect(msg(404, { error: { message: 'x' } })).toBe('请求的接口不存在');
    expect(msg(405, {})).toBe('请求方法不被允许，请检查接口配置');
    expect(msg(422, {})).toBe('请求参数验证失败');
    expect(msg(422, { error: { message: '日期无效' } })).toBe('日期无效');
    // Business conflicts (409) and input that does not fit (422) read as the server says them,
    // never as a permission problem.
    expect(msg(409, { error: { message: '当前状态（已出库）不能出库' } })).toBe(
      '当前状态（已出库）不能出库',
    );
    expect(msg(422, { error: { message: '设备 X1 不在此订单中' } })).toBe('设备 X1 不在此订单中');
    expect(msg(500, { error: { message: 'stack trace' } })).toBe('服务器内部错误，请稍后重试');
    expect(msg(502)).toBe('服务器网关错误');
    expect(msg(503)).toBe('服务暂时不可用，请稍后重试');
    // A server's failure names the request, so support can find its log lines.
    const withId = (status: number) =>
      toApiError(
        new HttpFailure(
          'failed',
          { method: 'GET', url: '/app/x' },
          {
            status,
            data: { error: { message: 'x', requestId: '3f2a9c1e-0b7d-4e2a-9c1e-3f2a9c1e0b7d' } },
            headers: {},
          },
        ),
      ).message;
    expect(withId(500)).toBe('服务器内部错误，请稍后重试\n请求编号：3f2a9c1e（联系客服时请提供）');
    expect(withId(503)).toBe('服务暂时不可用，请稍后重试\n请求编号：3f2a9c1e（联系客服时请提供）');
    expect(withId(504)).toBe('x\n请求编号：3f2a9c1e（联系客服时请提供）');
    // A refusal is the caller's to mend, not support's.
    expect(withId(409)).toBe('x');
    expect(msg(429, { error: { message: '请求过于频繁' } })).toBe('请求过于频繁');
    expect(msg(418, {})).toBe('请求失败（状态码：418）');
    expect(msg(undefined)).toBe('网络请求失败，请检查网络');
  });

  it('speaks English when English is chosen', async () => {
    await changeLanguage('en-US');
    expect(msg(500)).toBe('Server internal error, please retry later');
    expect(msg(418, {})).toBe('Request failed (status code: 418)');
  });
});
