// /hero: each user's own NetHack and Crawl characters, stored per Discord user.
import { UserError } from '../../src/errors.ts';
import { defineCommandGroup, type HandlerContext } from '../../src/pipeline/types.ts';
import { attackSubcommand, castSubcommand, turnSubcommand, waitSubcommand } from './actions.ts';
import { eatSubcommand, onEatButton } from './eat.ts';
import { onPrayButton, praySubcommand } from './pray.ts';
import { importSubcommand, onImportButton } from './import.ts';
import { adviseSubcommand, carrySubcommand } from './advise.ts';
import { conductSubcommand } from './conduct.ts';
import { shareSubcommand } from './share.ts';
import { intrinsicSubcommand, removeSubcommand, setSubcommand, wearSubcommand } from './equip.ts';
import {
  deleteSubcommand,
  exportSubcommand,
  listSubcommand,
  logSubcommand,
  newSubcommand,
  onCancelButton,
  onDeleteButton,
  onUndoButton,
  renameSubcommand,
  showSubcommand,
  switchSubcommand,
  undoSubcommand,
} from './manage.ts';

export const heroCommand = defineCommandGroup({
  name: 'hero',
  description: 'Track your own heroes: nutrition, rings, meals, forecast',
  subcommands: [
    newSubcommand,
    showSubcommand,
    listSubcommand,
    switchSubcommand,
    renameSubcommand,
    deleteSubcommand,
    setSubcommand,
    wearSubcommand,
    removeSubcommand,
    intrinsicSubcommand,
    eatSubcommand,
    waitSubcommand,
    turnSubcommand,
    castSubcommand,
    attackSubcommand,
    praySubcommand,
    conductSubcommand,
    carrySubcommand,
    adviseSubcommand,
    importSubcommand,
    shareSubcommand,
    logSubcommand,
    undoSubcommand,
    exportSubcommand,
  ],
  /** Buttons: hero:delete:..., hero:cancel:..., hero:eat:..., hero:pray:..., hero:import:..., hero:undo:<heroId> */
  component(rest: string, ctx: HandlerContext) {
    const [action, ...parts] = rest.split(':');
    if (action === 'delete') return onDeleteButton(parts, ctx);
    if (action === 'cancel') return onCancelButton(parts, ctx);
    if (action === 'eat') return onEatButton(parts, ctx);
    if (action === 'pray') return onPrayButton(parts, ctx);
    if (action === 'import') return onImportButton(parts, ctx);
    if (action === 'undo') return onUndoButton(parts, ctx);
    throw new UserError('That button no longer does anything.', 'Run the command again.', 'stale_button');
  },
});
