//! The search settings a running shop keeps: the synonym groups in force (staff's saved ones,
//! or the built-in set until they save) and the misses waiting to be written. Use cases for
//! HTTP and the CLI alike.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

use super::misses::MissLog;
use super::synonyms::{self, SynonymGroups, Synonyms};
use crate::activity::Actor;
use crate::store::{JsonTable, Store, StoreError};

/// `synonyms` → the groups staff saved.
pub const SEARCH_NAME_TO_SYNONYMS: JsonTable<&str, SynonymGroups> =
    JsonTable::new("search_name_to_synonyms");
const SYNONYMS_KEY: &str = "synonyms";

#[derive(Debug, thiserror::Error)]
pub enum SynonymError {
    /// One `groups[i][j]: problem` per line.
    #[error("{}", .0.join("\n"))]
    Invalid(Vec<String>),
    #[error(transparent)]
    Store(#[from] StoreError),
}

pub struct SearchSettings {
    synonyms: RwLock<Arc<Synonyms>>,
    /// Bumped by every save: cached search answers name the synonyms they were made with.
    generation: AtomicU64,
    pub misses: MissLog,
}

impl SearchSettings {
    /// The saved groups, or the built-in ones when staff never saved any.
    pub fn load(store: &Store) -> Result<SearchSettings, StoreError> {
        let saved = store.read(|txn| SEARCH_NAME_TO_SYNONYMS.read(txn)?.get(SYNONYMS_KEY))?;
        let synonyms = match saved {
            Some(saved) => Synonyms::compile(saved.groups),
            None => Synonyms::built_in(),
        };
        Ok(SearchSettings {
            synonyms: RwLock::new(Arc::new(synonyms)),
            generation: AtomicU64::new(0),
            misses: MissLog::default(),
        })
    }

    /// The groups in force.
    pub fn synonyms(&self) -> Arc<Synonyms> {
        Arc::clone(&self.synonyms.read().unwrap_or_else(|p| p.into_inner()))
    }

    /// Which save of the synonyms is in force (0: as loaded at start).
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    /// Checks and saves new groups (replacing all), logs who did it, and puts them in force
    /// for the next query.
    pub fn save_synonyms(
        &self,
        store: &Store,
        groups: Vec<Vec<String>>,
        actor: Actor,
    ) -> Result<Arc<Synonyms>, SynonymError> {
        let groups = synonyms::check(groups).map_err(SynonymError::Invalid)?;
        let before = self.synonyms().groups().len();
        store.write(|txn| {
            SEARCH_NAME_TO_SYNONYMS.write(txn)?.put(
                SYNONYMS_KEY,
                &SynonymGroups {
                    groups: groups.clone(),
                },
            )?;
            actor.log(
                txn,
                "search synonyms changed",
                "search synonyms",
                &format!("{before} → {} groups", groups.len()),
            )
        })?;
        let compiled = Arc::new(Synonyms::compile(groups));
        let mut current = self.synonyms.write().unwrap_or_else(|p| p.into_inner());
        *current = Arc::clone(&compiled);
        self.generation.fetch_add(1, Ordering::AcqRel);
        drop(current);
        Ok(compiled)
    }
}
