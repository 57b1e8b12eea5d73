import { Controller, Get } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { ExecutionContext } from '@nestjs/common';
import type { Runtime } from '../runtime.js';
import { AuthGuard, Public } from './auth.guard.js';
import type { SessionService } from './sessions.js';

class BaseController {
  @Get()
  read(): string {
    return 'x';
  }

  @Public()
  @Get('open')
  open(): string {
    return 'o';
  }
}

@Public()
@Controller('public')
class PublicController extends BaseController {}

@Controller('private')
class PrivateController extends BaseController {}

const contextOf = (controller: object, handler: object): ExecutionContext =>
  ({
    getHandler: () => handler,
    getClass: () => controller,
    switchToHttp: () => ({ getRequest: () => ({ headers: { authorization: 'Bearer a-token' }, method: 'GET', url: '/' }) }),
  }) as unknown as ExecutionContext;

describe('AuthGuard, with the route policy read once per handler', () => {
  const resolved: string[] = [];
  const sessions = { resolve: async (token: string) => (resolved.push(token), null) } as unknown as SessionService;
  const guard = new AuthGuard(new Reflector(), sessions, {} as Runtime);

  it('lets a public route through at once, and keeps asking a private one for a session on every request', async () => {
    for (let i = 0; i < 3; i++) {
      expect(guard.canActivate(contextOf(PublicController, BaseController.prototype.read))).toBe(true);
      expect(guard.canActivate(contextOf(PrivateController, BaseController.prototype.open))).toBe(true);
      await expect(guard.canActivate(contextOf(PrivateController, BaseController.prototype.read))).rejects.toMatchObject({ code: 'session_expired' });
    }
    // The session is looked up on each private request, none for the public ones: a revoked session fails at once.
    expect(resolved).toEqual(['a-token', 'a-token', 'a-token']);
  });
});
