//! `SyntaxKind`: one `u16` enum for every token (trivia included) and every node.

/// Declares `SyntaxKind` and its per-kind tables from three lists: trivia tokens,
/// significant tokens (with the spelling used in diagnostics) and nodes.
macro_rules! syntax_kinds {
    (
        trivia { $($trivia:ident => $tdesc:literal,)* }
        tokens { $($tok:ident => $desc:literal,)* }
        nodes { $($node:ident,)* }
    ) => {
        /// Every kind of token and node in a Puppet syntax tree.
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u16)]
        pub enum SyntaxKind {
            $($trivia,)*
            $($tok,)*
            $($node,)*
        }

        impl SyntaxKind {
            const ALL: &'static [SyntaxKind] = &[$(SyntaxKind::$trivia,)* $(SyntaxKind::$tok,)* $(SyntaxKind::$node,)*];

            /// How a token of this kind is named in an error message ("'=>'", "a variable").
            pub fn describe(self) -> &'static str {
                match self {
                    $(SyntaxKind::$trivia => $tdesc,)*
                    $(SyntaxKind::$tok => $desc,)*
                    _ => "a syntax node",
                }
            }

            /// Whitespace, comments and other tokens the grammar never sees.
            pub fn is_trivia(self) -> bool {
                matches!(self, $(SyntaxKind::$trivia)|*)
            }

            /// Tokens, as opposed to nodes.
            pub fn is_token(self) -> bool {
                (self as u16) < (SyntaxKind::SOURCE_FILE as u16)
            }

            pub(crate) fn from_raw(raw: u16) -> SyntaxKind {
                Self::ALL.get(raw as usize).copied().unwrap_or(SyntaxKind::ERROR)
            }
        }
    };
}

syntax_kinds! {
    trivia {
        WHITESPACE => "whitespace",
        COMMENT => "a comment",
        // `<%`, `<%-`: opening an EPP code tag (the grammar sees the code only)
        EPP_CODE_OPEN => "'<%'",
        // `%>`, `-%>` closing an EPP code tag
        EPP_CODE_CLOSE => "'%>'",
        // Lines of a heredoc: in the main token stream one token, re-lexed into a HEREDOC_BODY node.
        HEREDOC_RAW => "heredoc text",
        // Leading margin of a heredoc line (`|` heredocs), not part of the text.
        HEREDOC_MARGIN => "heredoc margin",
        // The line holding a heredoc's end tag.
        HEREDOC_END => "heredoc end tag",
    }
    tokens {
        NAME => "a name",
        WORD => "a bare word",
        CLASSREF => "a type name",
        VARIABLE => "a variable",
        NUMBER => "a number",
        STRING => "a string",
        REGEX => "a regular expression",
        HEREDOC => "a heredoc",
        DQ_OPEN => "'\"'",
        DQ_CLOSE => "'\"'",
        STR_TEXT => "text",
        INTERP_OPEN => "'${'",
        INTERP_CLOSE => "'}'",
        EPP_TEXT => "template text",
        RENDER_OPEN => "'<%='",
        RENDER_CLOSE => "'%>'",

        CASE_KW => "'case'",
        CLASS_KW => "'class'",
        DEFAULT_KW => "'default'",
        DEFINE_KW => "'define'",
        IF_KW => "'if'",
        ELSIF_KW => "'elsif'",
        ELSE_KW => "'else'",
        INHERITS_KW => "'inherits'",
        NODE_KW => "'node'",
        AND_KW => "'and'",
        OR_KW => "'or'",
        UNDEF_KW => "'undef'",
        TRUE_KW => "'true'",
        FALSE_KW => "'false'",
        IN_KW => "'in'",
        UNLESS_KW => "'unless'",
        FUNCTION_KW => "'function'",
        TYPE_KW => "'type'",
        ATTR_KW => "'attr'",
        PRIVATE_KW => "'private'",

        L_BRACK => "'['",
        LIST_START => "'['",
        R_BRACK => "']'",
        L_BRACE => "'{'",
        SEL_BRACE => "'{'",
        COLLECT_BRACE => "'{'",
        R_BRACE => "'}'",
        L_PAREN => "'('",
        WS_L_PAREN => "'('",
        R_PAREN => "')'",
        COMMA => "','",
        SEMICOLON => "';'",
        COLON => "':'",
        DOT => "'.'",
        QMARK => "'?'",
        AT => "'@'",
        ATAT => "'@@'",
        FARROW => "'=>'",
        PARROW => "'+>'",
        EQ => "'='",
        APPENDS => "'+='",
        DELETES => "'-='",
        EQEQ => "'=='",
        NE => "'!='",
        MATCH => "'=~'",
        NOMATCH => "'!~'",
        LT => "'<'",
        LE => "'<='",
        GT => "'>'",
        GE => "'>='",
        LSHIFT => "'<<'",
        RSHIFT => "'>>'",
        PLUS => "'+'",
        MINUS => "'-'",
        STAR => "'*'",
        SLASH => "'/'",
        PERCENT => "'%'",
        BANG => "'!'",
        TILDE => "'~'",
        IN_EDGE => "'->'",
        IN_EDGE_SUB => "'~>'",
        OUT_EDGE => "'<-'",
        OUT_EDGE_SUB => "'<~'",
        LCOLLECT => "'<|'",
        RCOLLECT => "'|>'",
        LLCOLLECT => "'<<|'",
        RRCOLLECT => "'|>>'",
        PIPE => "'|'",
        ERROR_TOKEN => "an illegal character",
    }
    nodes {
        SOURCE_FILE,
        EPP_FILE,
        ERROR,
        BLOCK,
        COMMA_LIST,

        CLASS_DEF,
        DEFINE_DEF,
        NODE_DEF,
        FUNCTION_DEF,
        TYPE_ALIAS,
        TYPE_DEF,
        PARAM_LIST,
        PARAM,
        CLASS_PARENT,
        HOSTNAME,
        NODE_PARENT,
        RETURN_TYPE,

        ASSIGNMENT_EXPR,
        RELATIONSHIP_EXPR,
        RESOURCE_EXPR,
        RESOURCE_BODY,
        ATTRIBUTE_BLOCK_EXPR,
        ATTRIBUTE_OP,
        ATTRIBUTE_SPLAT,
        COLLECT_EXPR,
        COLLECT_QUERY,

        BINARY_EXPR,
        UNARY_EXPR,
        SPLAT_EXPR,
        PAREN_EXPR,
        SELECTOR_EXPR,
        SELECTOR_ENTRY,
        ACCESS_EXPR,
        CALL_EXPR,
        METHOD_CALL_EXPR,
        ARG_LIST,
        LAMBDA,
        IF_EXPR,
        ELSIF_CLAUSE,
        ELSE_CLAUSE,
        UNLESS_EXPR,
        CASE_EXPR,
        CASE_OPTION,

        LITERAL,
        NAME_EXPR,
        TYPE_REF,
        VARIABLE_EXPR,
        DQ_STRING,
        INTERPOLATION,
        HEREDOC_EXPR,
        HEREDOC_BODY,
        ARRAY_EXPR,
        HASH_EXPR,
        HASH_ENTRY,
        RENDER_STRING,
        RENDER_EXPR,
        EPP_PARAMS,
    }
}

/// The rowan language tag for Puppet trees.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PuppetLanguage {}

impl rowan::Language for PuppetLanguage {
    type Kind = SyntaxKind;

    fn kind_from_raw(raw: rowan::SyntaxKind) -> SyntaxKind {
        SyntaxKind::from_raw(raw.0)
    }

    fn kind_to_raw(kind: SyntaxKind) -> rowan::SyntaxKind {
        rowan::SyntaxKind(kind as u16)
    }
}

impl From<SyntaxKind> for rowan::SyntaxKind {
    fn from(kind: SyntaxKind) -> Self {
        rowan::SyntaxKind(kind as u16)
    }
}

/// The keyword a bare word spells, if any (Puppet 7, outside task/plan mode).
pub fn keyword(word: &str) -> Option<SyntaxKind> {
    use SyntaxKind::*;
    Some(match word {
        "case" => CASE_KW,
        "class" => CLASS_KW,
        "default" => DEFAULT_KW,
        "define" => DEFINE_KW,
        "if" => IF_KW,
        "elsif" => ELSIF_KW,
        "else" => ELSE_KW,
        "inherits" => INHERITS_KW,
        "node" => NODE_KW,
        "and" => AND_KW,
        "or" => OR_KW,
        "undef" => UNDEF_KW,
        "true" => TRUE_KW,
        "false" => FALSE_KW,
        "in" => IN_KW,
        "unless" => UNLESS_KW,
        "function" => FUNCTION_KW,
        "type" => TYPE_KW,
        "attr" => ATTR_KW,
        "private" => PRIVATE_KW,
        _ => return None,
    })
}

impl SyntaxKind {
    /// Keywords (which may also serve as attribute names in resource bodies).
    pub fn is_keyword(self) -> bool {
        (self as u16) >= (SyntaxKind::CASE_KW as u16)
            && (self as u16) <= (SyntaxKind::PRIVATE_KW as u16)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_round_trip() {
        for &kind in SyntaxKind::ALL {
            assert_eq!(SyntaxKind::from_raw(kind as u16), kind);
        }
        assert!(SyntaxKind::COMMENT.is_trivia());
        assert!(!SyntaxKind::NAME.is_trivia());
        assert!(SyntaxKind::PIPE.is_token());
        assert!(!SyntaxKind::BLOCK.is_token());
        assert!(SyntaxKind::TYPE_KW.is_keyword());
        assert!(!SyntaxKind::L_BRACK.is_keyword());
    }
}
