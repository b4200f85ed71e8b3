//! The live e-catalogue (being written).
