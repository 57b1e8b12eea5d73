/** The user-management requests live in the domain, shared with the console. */
export {
  ArchiveUserSchema,
  CompanyUsersSchema,
  CreateUserSchema,
  ReinviteSchema,
  ResetConsentsSchema,
  TagSchema,
  TagsSchema,
  UpdateUserSchema,
  UserIdSchema,
  UserListSchema,
  type CreateUserRequest,
  type UpdateUserRequest,
  type UserListRequest,
} from '@onsite/contracts';
