// Activity and comment calls (activity issue): the list page by page, posts, comments, likes.
import {
  activityApiPaths,
  ActivityEntry,
  ActivityList,
  CommentList,
  LikeState,
  type ActivityListQuery,
  type CreateCommentRequest,
  type CreatePostRequest,
} from '../../../contract/activities.ts';
import { dataEnvelope } from '../../../contract/envelope.ts';
import { api as defaultApi } from './client.ts';
import type { ApiClient } from './request.ts';

export type ActivityQuery = Partial<Pick<ActivityListQuery, 'user' | 'preset' | 'from' | 'to' | 'sort' | 'cursor' | 'limit'>>;

export async function fetchActivities(query: ActivityQuery, api: ApiClient = defaultApi): Promise<ActivityList> {
  const params: Record<string, string | number | null> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params[key] = value;
  return (await api.get(activityApiPaths.list, { query: params, schema: dataEnvelope(ActivityList) })).data;
}

export async function createPost(input: CreatePostRequest, api: ApiClient = defaultApi): Promise<ActivityEntry> {
  return (await api.post(activityApiPaths.list, { json: input, schema: dataEnvelope(ActivityEntry) })).data;
}

export async function deleteActivity(id: number, api: ApiClient = defaultApi): Promise<void> {
  await api.delete(activityApiPaths.entry(id));
}

export async function fetchComments(activityId: number, api: ApiClient = defaultApi): Promise<CommentList> {
  return (await api.get(activityApiPaths.comments(activityId), { schema: dataEnvelope(CommentList) })).data;
}

export async function postComment(activityId: number, input: CreateCommentRequest, api: ApiClient = defaultApi): Promise<CommentList> {
  return (await api.post(activityApiPaths.comments(activityId), { json: input, schema: dataEnvelope(CommentList) })).data;
}

export async function deleteComment(id: number, api: ApiClient = defaultApi): Promise<void> {
  await api.delete(activityApiPaths.comment(id));
}

export async function setCommentLike(id: number, liked: boolean, api: ApiClient = defaultApi): Promise<LikeState> {
  const path = activityApiPaths.like(id);
  const schema = dataEnvelope(LikeState);
  return (liked ? await api.put(path, { schema }) : await api.delete(path, { schema })).data;
}
