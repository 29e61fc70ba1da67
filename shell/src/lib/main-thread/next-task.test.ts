import { nextTask } from './next-task';

it('goes on after the tasks already waiting, not in the same task', async () => {
  const order: string[] = [];
  setTimeout(() => order.push('a task already waiting'), 0);
  void Promise.resolve().then(() => order.push('the same task'));
  await nextTask();
  order.push('after the pause');
  expect(order).toEqual(['the same task', 'a task already waiting', 'after the pause']);
});
