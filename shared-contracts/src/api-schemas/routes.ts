/**
 * The route map in TypeBox: every call of docs/product.md, "Calls", path to its request body and
 * its data. `ApiRoutes` (../api) is its static type.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import {
  AuthUrl,
  Created,
  FolderList,
  LoginResult,
  NamedFolder,
  OauthCallbackResult,
  ProductList,
  SaveFileResult,
  ShareDetail,
  ShareFolderPath,
  ShareSearch,
} from './answers';
import { ShareInfo, UserInfo } from './entities';
import {
  AuthUrlRequest,
  EventReportRequest,
  FolderCreateRequest,
  FolderListRequest,
  LoginRequest,
  NoFields,
  OauthCallbackRequest,
  ProductListRequest,
  SaveFileRequest,
  ShareDetailRequest,
  ShareFolderPathRequest,
  ShareInfoRequest,
  ShareReportRequest,
  ShareSearchRequest,
} from './requests';

export const API_ROUTES = {
  '/user/info': { request: NoFields, response: UserInfo },
  '/logout': { request: NoFields, response: Type.Null() },
  '/product/list': { request: ProductListRequest, response: ProductList },
  '/share/info': { request: ShareInfoRequest, response: ShareInfo },
  '/share/detail': { request: ShareDetailRequest, response: ShareDetail },
  '/share/folder_path': { request: ShareFolderPathRequest, response: ShareFolderPath },
  '/share/search': { request: ShareSearchRequest, response: ShareSearch },
  '/share/save_file': {
    request: SaveFileRequest,
    response: Type.Union([SaveFileResult, Type.Null()]),
  },
  '/share/report': { request: ShareReportRequest, response: Created },
  '/login': { request: LoginRequest, response: LoginResult },
  '/file/folder/list': { request: FolderListRequest, response: FolderList },
  '/file/folder/create': { request: FolderCreateRequest, response: NamedFolder },
  '/event/report': { request: EventReportRequest, response: Type.Null() },
  '/community_activity/{community}/auth_url': { request: AuthUrlRequest, response: AuthUrl },
  '/community_activity/{community}/oauth/callback': {
    request: OauthCallbackRequest,
    response: OauthCallbackResult,
  },
} satisfies Record<string, { request: TSchema; response: TSchema }>;
