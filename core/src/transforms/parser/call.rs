//! Function calls (docs/design/transforms.md §3.2 `call`): the name, then the argument
//! rule that function takes — a plain list, a list that may start with a period
//! (`quant`), a waveform's list with `sync`, or `swing`'s amount, grid and `raw`.

use super::{Label, Parsed, Parser, Rule, Stop};
use crate::transforms::ast::{Arg, Expr, Func};
use crate::transforms::tokens;

/// A call's arguments and whether its closing word (`sync`, `raw`) was given.
type ArgList = (Vec<Arg>, bool);

/// Every function name; none begins another, so the order does not matter.
const FUNCTIONS: [Func; 25] = [
    Func::Cos,
    Func::Saw,
    Func::Sin,
    Func::Square,
    Func::Tri,
    Func::Swing,
    Func::Quant,
    Func::Round,
    Func::Floor,
    Func::Ceil,
    Func::Abs,
    Func::Clamp,
    Func::Pow,
    Func::Min,
    Func::Max,
    Func::Rand,
    Func::Seq,
    Func::Choose,
    Func::Ramp,
    Func::Curve,
    Func::Snap,
    Func::Step,
    Func::Wrap,
    Func::Reflect,
    Func::Legato,
];

impl<'t> Parser<'t> {
    /// `name "(" _ arguments _ ")"`, the arguments by the function's own rule.
    pub(super) fn call(&mut self, at: usize) -> Parsed<(Expr, usize)> {
        let Some((func, name_end)) = self.keyword(at, &FUNCTIONS, Func::name) else {
            return Ok(None);
        };
        let Some(after) = self.expect(name_end, "(", Label::OpenParen) else {
            return Ok(None);
        };
        let call = self.enclosed(after, |p, args_at| p.arguments(func, args_at))?;
        Ok(call.map(|((args, flag), end)| (Expr::Call { func, args, flag }, end)))
    }

    /// The argument rule of `func`, from just inside its parenthesis.
    fn arguments(&mut self, func: Func, at: usize) -> Parsed<(ArgList, usize)> {
        let first: Rule<'t, Arg> = match func {
            Func::Cos | Func::Saw | Func::Sin | Func::Square | Func::Tri => {
                return self.wave_args(at).map(Some)
            }
            Func::Swing => return self.swing_args(at),
            Func::Quant => Self::parg,
            _ => Self::expr_arg,
        };
        let (args, end) = self.arg_list(at, first)?;
        Ok(Some(((args, false), end)))
    }

    /// `first (_ "," _ expr)*`, or no arguments (ending at `at`).
    fn arg_list(&mut self, at: usize, first: Rule<'t, Arg>) -> Result<(Vec<Arg>, usize), Stop> {
        let Some((arg, mut end)) = first(self, at)? else {
            return Ok((Vec::new(), at));
        };
        let mut args = vec![arg];
        while let Some(next_at) = self.comma(end) {
            let Some((next, next_end)) = self.expr_arg(next_at)? else {
                break;
            };
            args.push(next);
            end = next_end;
        }
        Ok((args, end))
    }

    fn expr_arg(&mut self, at: usize) -> Parsed<(Arg, usize)> {
        Ok(self.expr(at)?.map(|(e, end)| (Arg::Expr(e), end)))
    }

    /// `parg = period / expr`.
    fn parg(&mut self, at: usize) -> Parsed<(Arg, usize)> {
        if let Some((bars, beats, end)) = tokens::period(self.b, at) {
            return Ok(Some((Arg::Period { bars, beats }, end)));
        }
        self.expr_arg(at)
    }

    /// `wave_args?` = `pargs _ "," _ "sync" / pargs / "sync"`, or nothing (ending at
    /// `at`).
    fn wave_args(&mut self, at: usize) -> Result<(ArgList, usize), Stop> {
        let (args, end) = self.arg_list(at, Self::parg)?;
        Ok(self.with_flag(at, args, end, "sync", Label::Sync))
    }

    /// `swing_args` = `expr _ "," _ parg _ "," _ "raw" / expr _ "," _ "raw"
    /// / expr _ "," _ parg / expr`.
    fn swing_args(&mut self, at: usize) -> Parsed<(ArgList, usize)> {
        let Some((amount, amount_end)) = self.expr(at)? else {
            return Ok(None);
        };
        let mut args = vec![Arg::Expr(amount)];
        let Some(grid_at) = self.comma(amount_end) else {
            return Ok(Some(((args, false), amount_end)));
        };
        let (grid, grid_end) = match self.parg(grid_at)? {
            Some((grid, end)) => (vec![grid], end),
            None => (Vec::new(), amount_end),
        };
        let ((grid, raw), end) = self.with_flag(grid_at, grid, grid_end, "raw", Label::Raw);
        args.extend(grid);
        Ok(Some(((args, raw), end)))
    }

    /// `args _ "," _ word / args / word` from `at`, where `args` (which may be empty)
    /// leave the rule at `end` unless `word` follows.
    fn with_flag(
        &mut self,
        at: usize,
        args: Vec<Arg>,
        end: usize,
        word: &str,
        label: Label,
    ) -> (ArgList, usize) {
        if args.is_empty() {
            return match self.expect(at, word, label) {
                Some(after) => ((args, true), after),
                None => ((args, false), end),
            };
        }
        let word_at = self.comma(end);
        if let Some(after) = word_at.and_then(|k| self.expect(k, word, label)) {
            return ((args, true), after);
        }
        // `word` alone cannot match where an argument did.
        self.note(at, label);
        ((args, false), end)
    }
}
